package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.read.MethodEntry;
import io.retrygen.processor.read.RecoverFit;
import io.retrygen.processor.read.TypeHierarchy;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * The warnings about {@code @Recover} methods that fit no guarded method, so are never called:
 * those of an input, which reading found ({@link RetryableType#unusedRecovers()}), and those of a
 * type in which nothing is guarded at all.
 */
public final class RecoverWarnings {
  private final Types types;
  private final Report report;
  private final RecoverFit fits;

  public RecoverWarnings(Types types, Report report, RecoverFit fits) {
    this.types = types;
    this.report = report;
    this.fits = fits;
  }

  /** Warns about each recover method of {@code model} that fits none of its guarded methods. */
  public void warnUnused(RetryableType model) {
    for (RetryableType.UnusedRecover unused : model.unusedRecovers()) {
      report.warning(
          unused.method, Mirrors.find(unused.method, AnnotationNames.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called%s",
          Messages.signature(unused.method), model.element().getSimpleName(), unused.why);
    }
  }

  /**
   * Warns about the {@code @Recover} methods of {@code type}, a type with no {@code @Retryable} or
   * {@code @CircuitBreaker} at all: they fit no guarded method of the type they are
   * declared in, the usual cause being a forgotten {@code @Retryable}. The warning names the
   * method it would recover, else the closest mismatch.
   *
   * <p>Not when a type of this round that generates a class extends {@code type}: a recover method
   * lives in the guarded method's type or a supertype, and a base class or interface of
   * shared fallbacks is that legal use. Warning about it would fail every {@code -Werror} build
   * that uses the pattern, with no way to silence the warning (javac's {@code @SuppressWarnings}
   * does not reach a processor's warnings).
   *
   * @param inputs the types of this round that generate a class
   * @param hierarchy how to walk {@code type}'s methods
   */
  public void warnUnguarded(TypeElement type, List<TypeElement> inputs, TypeHierarchy hierarchy) {
    if (Declarations.isSupertypeOfAnInput(types, type, inputs)) {
      return;
    }
    List<MethodEntry> entries = null;
    for (ExecutableElement recover : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (Mirrors.find(recover, AnnotationNames.RECOVER) == null
          || !RecoverFit.hasBody(recover)
          || recover.getModifiers().contains(Modifier.PRIVATE)
          || recover.getModifiers().contains(Modifier.STATIC)) {
        continue; // ShapeValidator.checkRecover reported it
      }
      if (entries == null) {
        entries = hierarchy.methods(type, hierarchy.supertypes(type));
      }
      report.warning(
          recover, Mirrors.find(recover, AnnotationNames.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called: nothing in %s"
              + " is guarded (no @Retryable, @CircuitBreaker or @Timeout on it or its methods). %s",
          Messages.signature(recover), type.getSimpleName(), type.getSimpleName(),
          closest(type, recover, entries));
    }
  }

  /**
   * "Add @Retryable to the method it should recover: m(..) (@Retryable(maxAttempts = 1) to recover
   * without retrying)" for the first method {@code recover}
   * fits; else the closest mismatch, as for a type whose guarded methods it does not fit.
   */
  private String closest(
      TypeElement type, ExecutableElement recover, List<MethodEntry> entries) {
    ExecutableType recoverType =
        (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), recover);
    List<ExecutableElement> methods = new ArrayList<>();
    List<ExecutableType> methodTypes = new ArrayList<>();
    for (MethodEntry entry : entries) {
      if (!entry.objectMethod && !entry.isRecover() && Visibility.overridable(type, entry.method)) {
        methods.add(entry.method);
        methodTypes.add(entry.type);
      }
    }
    RecoverFit.Fit fit = fits.fit(recover, recoverType, methods, methodTypes);
    if (fit.fits != null) {
      return "Add @Retryable to the method it should recover: " + Messages.signature(fit.fits)
          + " (@Retryable(maxAttempts = 1) to recover without retrying)";
    }
    if (fit.closest == null) {
      return "It has no method a recover method could serve. Move it to the type whose method it"
          + " should recover";
    }
    return fit.closestText();
  }
}
