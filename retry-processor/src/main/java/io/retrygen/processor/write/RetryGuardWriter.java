package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryConfig;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * {@code @Retryable} (with its {@code @Backoff} and {@code @RetryBudget}) in the generated class:
 * {@code CHARGE_POLICY}, a {@code RetryPolicy}, bound into {@code chargeRetrier}, a {@code
 * Retrier}, with the method's hooks and listeners.
 */
final class RetryGuardWriter extends GuardWriter {
  @Override
  boolean guards(GuardedMethod method) {
    return method.retry() != null;
  }

  @Override
  FieldSpec constant(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(Names.RETRY_POLICY, members.policyConstant(method), modifiers)
        .addJavadoc(
            method.stateful()
                ? "How {@code $L} retries, as its annotations say.\nIt holds the state of its"
                    + " keys, which every instance shares.\n"
                : "How {@code $L} retries, as its annotations say.\n",
            method.method().getSimpleName().toString())
        .initializer("$L", policy(method))
        .build();
  }

  @Override
  FieldSpec field(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(
            method.stateful() ? Names.STATEFUL_RETRIER : Names.RETRIER,
            members.retrierField(method),
            modifiers)
        .addJavadoc(
            method.stateful()
                ? "{@code $N} bound to this instance's options, with the state of its keys.\n"
                : "{@code $N} bound to this instance's options.\n",
            members.policyConstant(method))
        .build();
  }

  @Override
  void bind(
      MethodSpec.Builder constructor,
      GuardedMethod method,
      MemberNames members,
      CodeBlock options,
      Map<TypeName, String> listeners,
      String outer) {
    CodeBlock.Builder arguments = CodeBlock.builder().add("$L", options);
    String hooks = members.hooksClass(method);
    if (hooks != null && outer == null) {
      arguments.add(",$Wnew $N()", hooks);
    } else if (hooks != null) {
      arguments.add(",$W$N.new $N()", outer, hooks);
    }
    for (TypeMirror listener : method.retry().listeners()) {
      arguments.add(",$W$N", listeners.get(TypeName.get(listener)));
    }
    // A stateful method's keys live in its policy, a constant: every instance shares them.
    constructor.addStatement(
        "this.$N = $N.$N($L)",
        members.retrierField(method),
        members.policyConstant(method),
        method.stateful() ? "bindStateful" : "bind",
        arguments.build());
  }

  @Override
  void describe(GuardedMethod method, List<String> sentences) {
    RetryText.describe(method, sentences);
  }

  /**
   * {@code new RetryPolicy("Client.charge", 5, 0L, BackoffPolicy.fixed(100L))}, followed by {@code
   * .retryingCancellation()} when {@code retryFor} names {@code CancellationException} itself,
   * {@code .matchingCauses(...)} with {@code matchCauses}, and {@code .withBudget("Client", 10,
   * 0.1)} when a {@code @RetryBudget} applies.
   */
  private static CodeBlock policy(GuardedMethod method) {
    RetryConfig retry = method.retry();
    CodeBlock policy =
        CodeBlock.of(
            "new $T($L,$W$L,$W$LL,$W$L)",
            Names.RETRY_POLICY,
            Literals.string(method.label()),
            retry.maxAttempts(),
            retry.maxDuration(),
            backoffPolicy(retry.backoff()));
    if (retry.namesCancellation()) {
      policy = CodeBlock.of("$L$Z.retryingCancellation()", policy);
    }
    if (retry.matchCauses()) {
      List<TypeMirror> retryFor = retry.retryFor();
      policy =
          CodeBlock.of(
              "$L$Z.matchingCauses($L,$W$L)",
              policy,
              retryFor.isEmpty()
                  ? CodeBlock.of("new $T<?>[] {$T.class}", Class.class, Classification.EXCEPTION)
                  : classArray(retryFor),
              classArray(retry.noRetryFor()));
    }
    BudgetConfig budget = method.budget();
    if (budget == null) {
      return policy;
    }
    return CodeBlock.of(
        "$L$Z.withBudget($L,$W$L,$W$L)",
        policy, Literals.string(method.budgetName()), budget.maxTokens(), budget.tokenRatio());
  }

  /** {@code new Class<?>[] {IOException.class, TimeoutException.class}}. */
  private static CodeBlock classArray(List<TypeMirror> types) {
    CodeBlock.Builder classes = CodeBlock.builder();
    for (int i = 0; i < types.size(); i++) {
      classes.add(i == 0 ? "$T.class" : ",$W$T.class", TypeName.get(types.get(i)));
    }
    return CodeBlock.of("new $T<?>[] {$L}", Class.class, classes.build());
  }

  /** {@code BackoffPolicy.fixed(100L)}, {@code BackoffPolicy.exponential(100L, 2.0, 5000L)}... */
  static CodeBlock backoffPolicy(BackoffConfig backoff) {
    if (backoff.isDefault()) {
      return CodeBlock.of("$T.defaultPolicy()", Names.BACKOFF_POLICY);
    }
    CodeBlock.Builder policy = CodeBlock.builder();
    if (backoff.exponential() && backoff.maxDelay() > 0) {
      // One call: exponential(delay, multiplier) alone rejects a delay above the implicit cap.
      policy.add("$T.exponential($LL, $L, $LL)", Names.BACKOFF_POLICY, backoff.delay(),
          backoff.multiplier(), backoff.maxDelay());
    } else if (backoff.exponential()) {
      policy.add("$T.exponential($LL, $L)", Names.BACKOFF_POLICY, backoff.delay(),
          backoff.multiplier());
    } else if (backoff.maxDelay() > 0) {
      policy.add("$T.fixed($LL).withMaxDelay($LL)", Names.BACKOFF_POLICY, backoff.delay(),
          backoff.maxDelay());
    } else {
      policy.add("$T.fixed($LL)", Names.BACKOFF_POLICY, backoff.delay());
    }
    if (backoff.random()) {
      policy.add(".withRandom()");
    }
    if (backoff.jitter() > 0) {
      policy.add(".withJitter($L)", backoff.jitter());
    }
    return policy.build();
  }
}
