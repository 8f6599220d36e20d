package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * {@code @Timeout} in the generated class: {@code CHARGE_TIMEOUT}, a {@code TimeoutPolicy}, bound
 * into {@code chargeTimer}, an {@code AttemptTimer} on the instance's options. The innermost guard:
 * the body writers arm it around the one delegate or {@code super} call of an attempt, or hand it
 * to their driver.
 */
final class TimeoutGuardWriter extends GuardWriter {
  @Override
  boolean guards(GuardedMethod method) {
    return method.timeout() != null;
  }

  @Override
  FieldSpec constant(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(Names.TIMEOUT_POLICY, members.timeoutConstant(method), modifiers)
        .addJavadoc("The time limit of each attempt of {@code $L}.\n",
            method.method().getSimpleName().toString())
        .initializer(
            "new $T($L,$W$LL)",
            Names.TIMEOUT_POLICY, Literals.string(method.label()), method.timeout().millis())
        .build();
  }

  @Override
  FieldSpec field(GuardedMethod method, MemberNames members, Modifier... modifiers) {
    return FieldSpec.builder(Names.ATTEMPT_TIMER, members.timerField(method), modifiers)
        .addJavadoc("The time limit of each attempt of {@code $L}, on this instance's options.\n",
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
    constructor.addStatement(
        "this.$N = $N.bind($L)", members.timerField(method), members.timeoutConstant(method),
        options);
  }

  /**
   * {@code Each attempt may take at most 500 ms; one that takes longer fails with
   * AttemptTimeoutException.}
   */
  @Override
  void describe(GuardedMethod method, List<String> sentences) {
    long millis = method.timeout().millis();
    sentences.add(
        (method.retry() != null ? "Each attempt may take at most " : "A call may take at most ")
            + millis + " ms; one that takes longer fails with AttemptTimeoutException.");
  }

  /**
   * The synchronous attempt, the innermost guard around the call ({@code AttemptTimer}'s shape):
   * {@code long ticket = timer.arm(); try { result = call; } catch (Throwable timed) {
   * timer.threw(ticket); throw timed; } timer.returned(ticket);}. Either end throws {@code
   * AttemptTimeoutException} instead when the deadline passed first, into the attempt's own
   * {@code catch}, where the breaker, the retry and the recovery see it as any failure.
   */
  static void addTimedCall(
      MethodSpec.Builder builder, LoopLocals locals, CodeBlock call, boolean isVoid) {
    builder.addStatement("long $N = $N.arm()", locals.ticket, locals.timer);
    builder.beginControlFlow("try");
    if (isVoid) {
      builder.addStatement("$L", call);
    } else {
      builder.addStatement("$N = $L", locals.result, call);
    }
    builder
        .nextControlFlow("catch ($T $N)", ClassName.get(Throwable.class), locals.timed)
        .addStatement("$N.threw($N)", locals.timer, locals.ticket)
        .addStatement("throw $N", locals.timed)
        .endControlFlow()
        .addStatement("$N.returned($N)", locals.timer, locals.ticket);
  }
}
