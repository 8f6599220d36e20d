package io.retrygen.processor.read;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryConfig;
import java.util.List;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Resolves {@code @Retryable(stateful = true, stateKey = "name")} at compile time, as {@code
 * retryIf} is resolved: a non-private method of the input or a supertype (static or instance; in
 * an interface, default or static) that returns a value (a primitive is boxed) and takes a prefix
 * of the guarded method's parameters, none at all included; its checked exceptions are the
 * guarded method's.
 */
public final class StateKeyResolver {
  static final String STATE_KEY = "stateKey";

  private final Elements elements;
  private final Types types;
  private final NamedMethods lookup;
  private final RecoverFit fits;

  StateKeyResolver(Elements elements, Types types, NamedMethods lookup, RecoverFit fits) {
    this.elements = elements;
    this.types = types;
    this.lookup = lookup;
    this.fits = fits;
  }

  /**
   * The method {@code stateKey} names for {@code guarded}, or null when none is named, the retry
   * is not stateful (a rule of its own says so), or it does not fit (then an error is reported on
   * the {@code stateKey} value where the annotation is used).
   */
  PredicateMethod resolve(
      TypeElement type,
      List<TypeElement> supertypes,
      ExecutableElement guarded,
      ExecutableType guardedType,
      RetryConfig retry) {
    String name = retry.stateKey();
    if (name.isEmpty() || !retry.stateful()) {
      return null;
    }
    // A meta-annotation's value is resolved here, where it is used: reported on its use.
    AnnotationValue value = retry.useValue(STATE_KEY);
    NamedMethods.Site site =
        new NamedMethods.Site(
            retry.annotatedElement(), retry.useMirror(), value,
            "@Retryable(stateKey = \"" + name + "\")" + retry.ofMeta());
    return lookup.findOne(
        type, supertypes, name, site, guarded,
        "that returns the key and takes a prefix of the parameters of "
            + Messages.signature(guarded) + " (none, the first, the first two...)",
        new NamedMethods.Fit<PredicateMethod>() {
          @Override
          public String mismatch(ExecutableElement method, ExecutableType methodType) {
            return StateKeyResolver.this.mismatch(type, method, methodType, guarded, guardedType);
          }

          @Override
          public PredicateMethod resolved(ExecutableElement method, ExecutableType methodType) {
            return new PredicateMethod(
                method, null, false, false, elements.isDeprecated(method),
                unchecked(methodType, guardedType));
          }
        });
  }

  /** Null if {@code method} can compute the key of a call of {@code guarded}; else why not. */
  private String mismatch(
      TypeElement type,
      ExecutableElement method,
      ExecutableType methodType,
      ExecutableElement guarded,
      ExecutableType guardedType) {
    String reason = lookup.callMismatch(type, method);
    if (reason != null) {
      return reason;
    }
    if (methodType.getReturnType().getKind() == TypeKind.VOID) {
      return "it returns void, not a key";
    }
    List<? extends TypeMirror> parameters = methodType.getParameterTypes();
    List<? extends TypeMirror> arguments = fits.parameters(guardedType);
    if (parameters.size() > arguments.size()) {
      return "it takes " + parameters.size() + " parameters, but " + Messages.signature(guarded)
          + " has only " + arguments.size();
    }
    for (int i = 0; i < parameters.size(); i++) {
      if (!types.isAssignable(arguments.get(i), parameters.get(i))) {
        return "its parameter " + (i + 1) + " is " + Messages.typeName(parameters.get(i))
            + ", which " + Messages.typeName(arguments.get(i)) + " cannot be passed as";
      }
    }
    return lookup.thrownMismatch(methodType, guarded, guardedType);
  }

  /** Whether an argument is passed as the method's parameter through an unchecked conversion. */
  private boolean unchecked(ExecutableType methodType, ExecutableType guardedType) {
    List<? extends TypeMirror> parameters = methodType.getParameterTypes();
    List<? extends TypeMirror> arguments = fits.parameters(guardedType);
    boolean unchecked = false;
    for (int i = 0; i < parameters.size(); i++) {
      unchecked |= fits.needsUncheckedConversion(arguments.get(i), parameters.get(i));
    }
    return unchecked;
  }
}
