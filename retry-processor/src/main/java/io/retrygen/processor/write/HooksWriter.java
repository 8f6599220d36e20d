package io.retrygen.processor.write;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import io.retrygen.processor.elements.TypeFacts;
import io.retrygen.processor.model.DelayForMethods;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * The hooks of a synchronous guarded method: the user code that the runtime's decision order calls
 * at its steps, {@code retryIf} (step 5) and {@code delayFor} (step 7), in a small private inner
 * class that the constructors create once per instance and bind with the policy:
 *
 * <pre>{@code
 * private final class ChargeHooks extends RetryHooks<Receipt> {
 *   @Override
 *   protected boolean retryIf(Throwable failure) {
 *     return PaymentClientRetrying.this.delegate.isTransient((IOException) failure);
 *   }
 * }
 * }</pre>
 *
 * A method without {@code retryIf} or {@code delayFor} has none. An asynchronous call is its own
 * hooks ({@link DeferredBodyWriter}). Inside the class, the delegate and the input's own methods
 * are reached through {@code PaymentClientRetrying.this} and {@code PaymentClientRetrying.super}.
 */
public final class HooksWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final RetryableType model;

  HooksWriter(RetryableType model) {
    this.model = model;
  }

  /** Whether {@code method} has hooks: synchronous, with {@code retryIf} or {@code delayFor}. */
  static boolean needsHooks(GuardedMethod method) {
    if (method.retry() == null || method.returnKind().isDeferred()) {
      return false;
    }
    DelayForMethods delayFor = method.delayFor();
    boolean asksForWaits =
        delayFor != null && (!delayFor.forFailures().isEmpty() || delayFor.forResult() != null);
    return method.retryIf() != null || asksForWaits;
  }

  /** The inner class of {@code method}'s hooks, named {@code name}. */
  TypeSpec write(GuardedMethod method, String name) {
    TypeName value = valueType(method);
    TypeSpec.Builder hooks =
        TypeSpec.classBuilder(name)
            .addJavadoc("The user code {@code $L} calls between attempts.\n",
                method.method().getSimpleName().toString())
            .addModifiers(Modifier.PRIVATE, Modifier.FINAL)
            .superclass(ParameterizedTypeName.get(Names.RETRY_HOOKS, value));
    AnnotationSpec suppress = SignatureWriter.suppressWarnings(warnings(method));
    if (suppress != null) {
      hooks.addAnnotation(suppress);
    }
    if (method.retryIf() != null) {
      hooks.addMethod(
          throwing(hook("retryIf", TypeName.BOOLEAN), method.retryIf())
              .addParameter(THROWABLE, "failure")
              // Asked only about a failure step 1 retries: the cast needs no test when every
              // retried type is the predicate's.
              .addStatement(
                  "return $L", UserCalls.retryIfTest(method, "failure", instance(), true))
              .build());
    }
    CodeBlock forFailure = DelayForCall.of(method, false, "failure", instance());
    if (forFailure != null) {
      MethodSpec.Builder hook = hook("delayFor", TypeName.LONG);
      for (PredicateMethod overload : method.delayFor().forFailures()) {
        throwing(hook, overload);
      }
      hooks.addMethod(
          hook.addParameter(THROWABLE, "failure").addStatement("return $L", forFailure).build());
    }
    PredicateMethod forResult =
        method.delayFor() == null ? null : method.delayFor().forResult();
    if (forResult != null) {
      hooks.addMethod(
          throwing(hook("delayForResult", TypeName.LONG), forResult)
              .addParameter(value, "result")
              .addStatement(
                  "return $L",
                  UserCalls.predicateCall(
                      method, forResult, resultArgument(method, forResult), instance()))
              .build());
    }
    return hooks.build();
  }

  /**
   * The hooks' type argument: the method's result, boxed. A type variable of the method itself is
   * not in scope in the class: then {@code Object}, and the result is cast where it is passed.
   */
  private static TypeName valueType(GuardedMethod method) {
    if (mentionsMethodVariable(method, method.valueType())) {
      return TypeName.OBJECT;
    }
    return TypeName.get(method.valueType()).box();
  }

  /** {@code result}, cast to the overload's parameter type when the hooks take an Object. */
  private static CodeBlock resultArgument(GuardedMethod method, PredicateMethod overload) {
    TypeMirror parameter = overload.parameterType();
    if (!mentionsMethodVariable(method, method.valueType())
        || TypeName.get(parameter).equals(TypeName.OBJECT)) {
      return CodeBlock.of("result");
    }
    return CodeBlock.of("($T) result", TypeName.get(parameter));
  }

  /**
   * What the class suppresses: the deprecations the guarded method names (its predicates, the
   * types they take; the class is never deprecated itself), a raw result type, and unchecked
   * conversions of the result.
   */
  private List<String> warnings(GuardedMethod method) {
    List<String> warnings =
        SignatureWriter.deprecations(method.deprecatedUses(), false, model.typeUses());
    warnings.addAll(
        SignatureWriter.warnings(
            method.valueType(), Collections.<TypeMirror>emptyList(), false));
    PredicateMethod forResult = method.delayFor() == null ? null : method.delayFor().forResult();
    boolean unchecked =
        forResult != null
            && (forResult.unchecked()
                || (mentionsMethodVariable(method, method.valueType())
                    && !TypeFacts.isReifiable(forResult.parameterType())));
    if (unchecked && !warnings.contains("unchecked")) {
      warnings.add("unchecked");
    }
    return warnings;
  }

  private static MethodSpec.Builder hook(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(returns);
  }

  /**
   * A predicate's checked exceptions, which the guarded method declares too: the hook may throw
   * them, and the runtime ends the call with them, as they are.
   */
  static MethodSpec.Builder throwing(MethodSpec.Builder hook, PredicateMethod predicate) {
    for (TypeMirror thrown : predicate.method().getThrownTypes()) {
      // A type variable of a generic supertype is not in scope here: Throwable says as much.
      hook.addException(
          thrown.getKind() == TypeKind.TYPEVAR ? THROWABLE : TypeName.get(thrown));
    }
    return hook;
  }

  /** What an instance predicate is called on, from inside the hooks class. */
  private CodeBlock instance() {
    return model.isInterface()
        ? CodeBlock.of("$T.this.delegate", model.generatedName())
        : CodeBlock.of("$T.super", model.generatedName());
  }

  /** Whether {@code type} names a type variable of {@code method} itself. */
  private static boolean mentionsMethodVariable(GuardedMethod method, TypeMirror type) {
    Set<Element> variables = new HashSet<>();
    for (TypeVariable variable : method.type().getTypeVariables()) {
      variables.add(variable.asElement());
    }
    return !variables.isEmpty() && mentions(type, variables);
  }

  private static boolean mentions(TypeMirror type, Set<Element> variables) {
    switch (type.getKind()) {
      case TYPEVAR:
        return variables.contains(((TypeVariable) type).asElement());
      case ARRAY:
        return mentions(((ArrayType) type).getComponentType(), variables);
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        return (wildcard.getExtendsBound() != null
                && mentions(wildcard.getExtendsBound(), variables))
            || (wildcard.getSuperBound() != null
                && mentions(wildcard.getSuperBound(), variables));
      case DECLARED:
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
          if (mentions(argument, variables)) {
            return true;
          }
        }
        TypeMirror enclosing = ((DeclaredType) type).getEnclosingType();
        return enclosing.getKind() == TypeKind.DECLARED && mentions(enclosing, variables);
      default:
        return false;
    }
  }
}
