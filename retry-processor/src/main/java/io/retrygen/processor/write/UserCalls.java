package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * The expressions that call the user's code from generated code: the guarded method itself on
 * the delegate or {@code super}, and its predicates ({@code retryIf}, {@code retryOnResult},
 * {@code delayFor}), from the loop, a hooks class or an asynchronous call alike.
 */
public final class UserCalls {
  private UserCalls() {}

  /**
   * {@code retryIf(failure)}, or {@code failure instanceof T && retryIf((T) failure)} when it takes
   * a narrower type: a failure that is not its {@code T} counts as false. Where {@code
   * classified} (inside the loop's test of step 1) and every retried type is a {@code T}, that
   * test has been made and only {@code retryIf((T) failure)} is left.
   */
  static CodeBlock retryIfTest(
      GuardedMethod method, String failure, CodeBlock instance, boolean classified) {
    PredicateMethod retryIf = method.retryIf();
    if (!retryIf.needsCast()) {
      return predicateCall(method, retryIf, CodeBlock.of("$N", failure), instance);
    }
    TypeName failureType = TypeName.get(retryIf.parameterType());
    CodeBlock call =
        predicateCall(method, retryIf, CodeBlock.of("($T) $N", failureType, failure), instance);
    if (classified && retryIf.classified()) {
      return call;
    }
    return CodeBlock.of("$N instanceof $T$W&& $L", failure, failureType, call);
  }

  /**
   * A static predicate is called on its declaring type (qualified when a parameter of {@code
   * method} has that type's simple name, which would obscure it: JLS 6.4.2; a same-package type is
   * never qualified by JavaPoet itself); an instance one on {@code instance}, the delegate or
   * {@code super}, as seen from where the call is written.
   */
  static CodeBlock predicateCall(
      GuardedMethod method, PredicateMethod predicate, CodeBlock argument, CodeBlock instance) {
    String name = predicate.method().getSimpleName().toString();
    if (!predicate.isStatic()) {
      return CodeBlock.of("$L.$N($L)", instance, name, argument);
    }
    ClassName owner = ClassName.get((TypeElement) predicate.method().getEnclosingElement());
    if (ObscuredNames.ownerObscured(method, predicate)) {
      // RetryingWriter imports it statically: isTransient(failure). JavaPoet drops the class only
      // where the format spells the member ($ doubled, as JavaPoet reads it).
      return CodeBlock.of("$T." + name.replace("$", "$$") + "($L)", owner, argument);
    }
    String ownerName = owner.topLevelClassName().simpleName();
    for (VariableElement parameter : method.method().getParameters()) {
      if (parameter.getSimpleName().contentEquals(ownerName) && !owner.packageName().isEmpty()) {
        return CodeBlock.of("$L.$N($L)", owner.canonicalName(), name, argument);
      }
    }
    return CodeBlock.of("$T.$N($L)", owner, name, argument);
  }

  /**
   * {@code instance.m(args)}, {@code instance.<T>m(args)} if generic: {@code this.delegate} or
   * {@code super} in the loop, {@code Outer.this.delegate} or {@code Outer.super} in an async call.
   */
  static CodeBlock call(
      GuardedMethod method, OverrideTypes types, String arguments, CodeBlock instance) {
    return CodeBlock.of(
        "$L.$L$N($L)",
        instance,
        types.typeArguments(),
        method.method().getSimpleName().toString(),
        arguments);
  }
}
