package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.DelayForMethods;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import java.util.List;

/**
 * The expression that asks the {@code @Backoff(delayFor)} overloads for a wait, in the
 * loop and in an asynchronous call's hooks alike. For a failure it tests the overloads most
 * specific first, and falls back to {@code -1L} (the backoff's formula) when none takes it:
 *
 * <pre>{@code
 * failure instanceof RetryAfterException
 *     ? this.delegate.retryAfter((RetryAfterException) failure)
 *     : failure instanceof IOException ? Client.retryAfter((IOException) failure) : -1L
 * }</pre>
 */
public final class DelayForCall {
  private DelayForCall() {}

  /**
   * The wait for {@code variable}, a failure or (when {@code onResult}) a rejected result; null
   * when no overload can take it, so the formula applies without asking.
   *
   * @param instance what an instance overload is called on
   */
  static CodeBlock of(
      GuardedMethod method, boolean onResult, String variable, CodeBlock instance) {
    DelayForMethods delayFor = method.delayFor();
    if (delayFor == null) {
      return null;
    }
    CodeBlock argument = CodeBlock.of("$N", variable);
    if (onResult) {
      PredicateMethod forResult = delayFor.forResult();
      return forResult == null
          ? null
          : UserCalls.predicateCall(method, forResult, argument, instance);
    }
    List<PredicateMethod> forFailures = delayFor.forFailures();
    if (forFailures.isEmpty()) {
      return null;
    }
    CodeBlock.Builder chain = CodeBlock.builder();
    for (PredicateMethod overload : forFailures) {
      if (!overload.needsCast()) {
        // It takes every failure: the chain ends with its call.
        return chain.add("$L", UserCalls.predicateCall(method, overload, argument, instance))
            .build();
      }
      TypeName type = TypeName.get(overload.parameterType());
      CodeBlock cast = CodeBlock.of("($T) $N", type, variable);
      chain.add(
          "$N instanceof $T$W? $L$W: ",
          variable, type, UserCalls.predicateCall(method, overload, cast, instance));
    }
    return chain.add("-1L").build();
  }
}
