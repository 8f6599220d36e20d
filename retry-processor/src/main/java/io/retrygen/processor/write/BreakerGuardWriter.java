package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.GuardedMethod;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * {@code @CircuitBreaker} in the generated class: {@code CHARGE_BREAKER}, a {@code
 * CircuitBreakerPolicy}, bound into {@code chargeBreaker}, a {@code CircuitBreakerGate} to the
 * breaker of its name that every instance shares. Which failures count is not here: it is an
 * {@code instanceof} test the body writers write around each attempt.
 */
final class BreakerGuardWriter extends GuardWriter {
  @Override
  boolean guards(GuardedMethod method) {
    return method.breaker() != null;
  }

  @Override
  FieldSpec constant(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(Names.BREAKER_POLICY, members.breakerConstant(method), modifiers)
        .addJavadoc("The settings of the circuit breaker of {@code $L}.\n",
            method.method().getSimpleName().toString())
        .initializer("$L", breakerPolicy(method.breaker()))
        .build();
  }

  @Override
  FieldSpec field(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(Names.BREAKER_GATE, members.breakerField(method), modifiers)
        .addJavadoc(
            "The way to the circuit breaker of {@code $L}, which every instance shares.\n",
            method.method().getSimpleName().toString())
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
    // The breaker itself is created by the first call through it, by any instance; an
    // unnamed one is named by the method's label.
    constructor.addStatement(
        "this.$N = $N.bind($L, $L)",
        members.breakerField(method),
        members.breakerConstant(method),
        options,
        Literals.string(method.label()));
  }

  @Override
  void describe(GuardedMethod method, List<String> sentences) {
    sentences.add(sentence(method));
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

  /**
   * {@code Each attempt passes the circuit breaker "quotes", which opens when at least 50% of the
   * last 20 calls failed with IOException, stays open 5000 ms, then closes after 1 successful
   * trial call.}
   */
  private static String sentence(GuardedMethod method) {
    BreakerConfig breaker = method.breaker();
    StringBuilder text =
        new StringBuilder(method.retry() != null ? "Each attempt passes " : "Guarded by ");
    // An unnamed breaker is named by the label, and shared by every instance like a named one.
    text.append("the circuit breaker ")
        .append(PolicyText.name(breaker.name().isEmpty() ? method.label() : breaker.name()));
    text.append(", which opens when at least ")
        .append(PolicyText.percent(breaker.failureRatio()))
        .append(" of the last ")
        .append(breaker.requestVolumeThreshold())
        .append(breaker.requestVolumeThreshold() == 1 ? " call" : " calls")
        .append(" failed");
    if (!breaker.failOn().isEmpty()) {
      text.append(" with ").append(PolicyText.types(breaker.failOn()));
    }
    if (!breaker.skipOn().isEmpty()) {
      text.append(" (not ").append(PolicyText.types(breaker.skipOn())).append(')');
    }
    text.append(", stays open ").append(breaker.delay()).append(" ms, then closes after ");
    int trials = breaker.successThreshold();
    text.append(trials == 1 ? "1 successful trial call" : trials + " successful trial calls");
    return text.append('.').toString();
  }
}
