package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.WildcardTypeName;
import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * The guards of a generated class's methods: a {@code static final} policy per guard, which
 * depends on no instance ({@code CHARGE_POLICY}, {@code CHARGE_BREAKER}), and the field each
 * instance binds it into ({@code chargeRetrier}, {@code chargeBreaker}); past {@link
 * MemberNames#CHUNK} guarded methods, in nested holder classes.
 */
public final class GuardsWriter {
  private GuardsWriter() {}

  /** The constants and fields of every guarded method, and the holders of further chunks. */
  static void addGuards(TypeSpec.Builder type, RetryableType model, MemberNames members) {
    addConstants(type, members.methods(0), members);
    // The guard state of a serializable instance is not written: readObject binds it again.
    Modifier[] state =
        model.serializable()
            ? new Modifier[] {Modifier.PRIVATE, Modifier.TRANSIENT}
            : new Modifier[] {Modifier.PRIVATE, Modifier.FINAL};
    addFields(type, members.methods(0), members, state);
    for (int chunk = 1; chunk < members.chunkCount(); chunk++) {
      type.addField(
          FieldSpec.builder(
                  model.generatedName().nestedClass(members.holderClass(chunk)),
                  members.holderField(chunk),
                  state)
              .addJavadoc("The guards of the methods {@link $N} holds.\n",
                  members.holderClass(chunk))
              .build());
      type.addType(holder(members, chunk, wildcardType(model)));
    }
  }

  /** The policy constants of {@code methods}: {@code CHARGE_POLICY}, {@code CHARGE_BREAKER}. */
  private static void addConstants(
      TypeSpec.Builder type, List<GuardedMethod> methods, MemberNames members) {
    Modifier[] constant = {Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL};
    for (GuardedMethod method : methods) {
      String name = method.method().getSimpleName().toString();
      if (method.retry() != null) {
        type.addField(
            FieldSpec.builder(Names.RETRY_POLICY, members.policyConstant(method), constant)
                .addJavadoc("How {@code $L} retries, as its annotations say.\n", name)
                .initializer("$L", policy(method))
                .build());
      }
      if (method.breaker() != null) {
        type.addField(
            FieldSpec.builder(Names.BREAKER_POLICY, members.breakerConstant(method), constant)
                .addJavadoc("The settings of the circuit breaker of {@code $L}.\n", name)
                .initializer("$L", breakerPolicy(method.breaker()))
                .build());
      }
    }
  }

  /** The fields of the guards of {@code methods}: {@code chargeRetrier}, {@code chargeBreaker}. */
  private static void addFields(
      TypeSpec.Builder type,
      List<GuardedMethod> methods,
      MemberNames members,
      Modifier... modifiers) {
    for (GuardedMethod method : methods) {
      if (method.retry() != null) {
        type.addField(
            FieldSpec.builder(Names.RETRIER, members.retrierField(method), modifiers)
                .addJavadoc("{@code $N} bound to this instance's options.\n",
                    members.policyConstant(method))
                .build());
      }
      if (method.breaker() != null) {
        type.addField(
            FieldSpec.builder(Names.BREAKER_GATE, members.breakerField(method), modifiers)
                .addJavadoc(
                    "The way to the circuit breaker of {@code $L}, which every instance shares.\n",
                    method.method().getSimpleName().toString())
                .build());
      }
    }
  }

  /**
   * The nested class that holds the policies and guards of the guarded methods of {@code chunk}:
   * a class initializer and a constructor of their own, so that no method of the generated class
   * binds more than {@link MemberNames#CHUNK} methods' policies.
   */
  private static TypeSpec holder(MemberNames members, int chunk, TypeName outerType) {
    List<GuardedMethod> methods = members.methods(chunk);
    TypeSpec.Builder holder =
        TypeSpec.classBuilder(members.holderClass(chunk))
            .addJavadoc(
                "$L",
                PolicyText.wrap(
                    "The policies and guards of " + methods.size()
                        + " of the guarded methods, {@code "
                        + methods.get(0).method().getSimpleName() + "} to {@code "
                        + methods.get(methods.size() - 1).method().getSimpleName()
                        + "}: in a class of their own, as the JVM limits the code of one class"
                        + " initializer or constructor to 64 KB.",
                    PolicyText.WIDTH))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL);
    addConstants(holder, methods, members);
    // Package-private: read by the generated class, with no accessor method under Java 8.
    addFields(holder, methods, members, Modifier.FINAL);
    return holder.addMethod(BindingWriter.holderConstructor(members, chunk, outerType)).build();
  }

  /** {@code ClientRetrying}, or {@code ClientRetrying<?, ?>} for a generic one. */
  private static TypeName wildcardType(RetryableType model) {
    int variables = model.element().getTypeParameters().size();
    if (variables == 0) {
      return model.generatedName();
    }
    TypeName[] wildcards = new TypeName[variables];
    Arrays.fill(wildcards, WildcardTypeName.subtypeOf(Object.class));
    return ParameterizedTypeName.get(model.generatedName(), wildcards);
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

  /**
   * {@code new CircuitBreakerPolicy("", 20, 0.5, 5000L, 1)}: what the breaker keeps; failOn and
   * skipOn are instanceof tests in the generated method.
   */
  private static CodeBlock breakerPolicy(BreakerConfig breaker) {
    return CodeBlock.of(
        "new $T($L,$W$L,$W$L,$W$LL,$W$L)",
        Names.BREAKER_POLICY,
        Literals.string(breaker.name()),
        breaker.requestVolumeThreshold(),
        breaker.failureRatio(),
        breaker.delay(),
        breaker.successThreshold());
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
