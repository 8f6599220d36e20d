package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.ArrayList;
import java.util.List;

/**
 * The body of a stateful method ({@code @Retryable(stateful = true)}, SPEC §19): one attempt per
 * call, around which the {@code StatefulRetrier} keeps the state of the call's key across calls. A
 * key whose retries ended on an earlier call recovers without calling the method; otherwise the
 * attempt is the synchronous loop's ({@link SyncBodyWriter#addAttempt}: the breaker's permit, the
 * timer's deadline, the call), and its failure, classified by step 1 as the loop classifies it, is
 * counted (or forgets the key) and rethrown to the caller unchanged.
 */
final class StatefulBodyWriter implements BodyWriter {
  static final ClassName ARRAYS = ClassName.get("java.util", "Arrays");
  static final ClassName COLLECTIONS = ClassName.get("java.util", "Collections");

  private final RetryableType model;
  /** What the guarded method and an instance {@code stateKey} method are called on. */
  private final CodeBlock instance;
  private final GiveUpWriter giveUp;
  private final SyncBodyWriter attempt;
  /** Whether {@code Arrays} is imported statically: variables obscure its names (ObscuredNames). */
  private final boolean asListImported;

  StatefulBodyWriter(
      RetryableType model, CodeBlock instance, GiveUpWriter giveUp, SyncBodyWriter attempt) {
    this.model = model;
    this.instance = instance;
    this.giveUp = giveUp;
    this.attempt = attempt;
    this.asListImported = ObscuredNames.arraysUnnamable(ObscuredNames.variables(model));
  }

  @Override
  public void addBody(MethodSpec.Builder builder, GuardedMethod method, MethodParts parts) {
    LoopLocals locals = parts.locals;
    TypeName returnType = parts.returnType;
    SyncBodyWriter.addGuardLocals(
        model, builder, method, parts.members, locals, parts.call, returnType);
    builder
        .addStatement("$T $N = $L", Object.class, locals.key, key(method, parts.arguments))
        .addStatement(
            "$T $N = $N.exhausted($N)", Throwable.class, locals.exhausted, locals.retrier,
            locals.key)
        .beginControlFlow("if ($N != null)", locals.exhausted)
        .addComment(
            "The key's retries ended on an earlier call: recover without calling $N.",
            method.method().getSimpleName().toString());
    giveUp.addExhausted(
        builder, method, locals.exhausted, parts.arguments, returnType,
        CodeBlock.of("$N.exhaustedException($N)", locals.retrier, locals.exhausted));
    builder.endControlFlow();
    builder.addStatement("long $N = $N.start()", locals.startNanos, locals.retrier);
    attempt.addAttempt(
        builder, method, locals, parts.call, returnType, () -> addFailure(builder, method, locals));
    if (method.breaker() != null) {
      builder.addStatement("$N.onSuccess($N)", locals.breaker, locals.permit);
    }
    builder.addStatement("$N.succeeded($N, $N)", locals.retrier, locals.key, locals.startNanos);
    if (!returnType.equals(TypeName.VOID)) {
      builder.addStatement("return $N", locals.result);
    }
  }

  /**
   * The call's key: what the {@code stateKey} method computes from its leading arguments, else the
   * one argument itself, the list of the arguments ({@code Arrays.<Object>asList(a, b)}: with its
   * type argument written, no generic array is created), or for none an empty list.
   */
  private CodeBlock key(GuardedMethod method, List<String> arguments) {
    PredicateMethod stateKey = method.stateKey();
    if (stateKey != null) {
      List<CodeBlock> passed = new ArrayList<>();
      for (String argument : arguments.subList(0, stateKey.argumentCount())) {
        passed.add(CodeBlock.of("$N", argument));
      }
      return UserCalls.predicateCall(method, stateKey, CodeBlock.join(passed, ", "), instance);
    }
    if (arguments.isEmpty()) {
      return CodeBlock.of("$T.emptyList()", COLLECTIONS);
    }
    if (arguments.size() == 1) {
      return CodeBlock.of("$N", arguments.get(0));
    }
    List<CodeBlock> passed = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      passed.add(
          i == 0 && asListImported
              ? CodeBlock.of("($T) $N", Object.class, arguments.get(i))
              : CodeBlock.of("$N", arguments.get(i)));
    }
    // Statically imported, asList cannot take a type argument: the cast makes its T Object.
    return asListImported
        ? CodeBlock.of("$T.asList($L)", ARRAYS, CodeBlock.join(passed, ",$W"))
        : CodeBlock.of("$T.<$T>asList($L)", ARRAYS, Object.class, CodeBlock.join(passed, ",$W"));
  }

  /**
   * Inside {@code catch (Throwable failure)}: step 1 as the loop writes it; a failure it retries
   * is counted against the key ({@code failed}: the listeners, the wait, or the key marked
   * exhausted), any other forgets it; then the failure is rethrown as it is (a precise rethrow, so
   * the method's {@code throws} clause still holds).
   */
  private static void addFailure(
      MethodSpec.Builder builder, GuardedMethod method, LoopLocals locals) {
    SyncBodyWriter.addClassified(builder, method, locals, locals.key, () -> builder.addStatement(
        "$N.failed($N, $N, $N)", locals.retrier, locals.key, locals.startNanos, locals.failure));
    builder.addStatement("throw $N", locals.failure);
  }
}
