package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.List;

/**
 * The body of a guarded method whose outcome is known when the call returns ({@code void} or a
 * value): the retry loop around the single delegate or {@code super} call. The loop keeps the
 * success path and the classification inline; after a failed attempt (or a rejected result) it
 * asks the retrier, whose decision order owns every later step, and gives up by falling through
 * to the recovery. Around each attempt, outermost first: the breaker's permit, the timer's
 * deadline, the call.
 */
final class SyncBodyWriter implements BodyWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final RetryableType model;
  /** What the guarded method, predicates and recover methods are called on. */
  private final CodeBlock instance;
  private final GiveUpWriter giveUp;
  /** Whether {@code CircuitBreakerGate.NO_PERMIT} is written as its value (ObscuredNames). */
  private final boolean noPermitUnnamable;

  SyncBodyWriter(RetryableType model, CodeBlock instance, GiveUpWriter giveUp) {
    this.model = model;
    this.instance = instance;
    this.giveUp = giveUp;
    this.noPermitUnnamable = ObscuredNames.noPermitUnnamable(ObscuredNames.variables(model));
  }

  @Override
  public void addBody(MethodSpec.Builder builder, GuardedMethod method, MethodParts parts) {
    MemberNames members = parts.members;
    LoopLocals locals = parts.locals;
    List<String> arguments = parts.arguments;
    CodeBlock call = parts.call;
    TypeName returnType = parts.returnType;
    addGuardLocals(model, builder, method, members, locals, call, returnType);
    boolean retries = method.retry() != null;
    if (retries) {
      builder.addStatement("long $N = $N.start()", locals.startNanos, locals.retrier);
      builder.beginControlFlow("for (int $1N = 1; ; $1N++)", locals.attempt);
    }
    addAttempt(builder, method, locals, call, returnType, () -> {
      if (retries) {
        addFailure(builder, method, locals);
      }
      giveUp.add(builder, method, locals, arguments, returnType);
    });
    if (method.breaker() != null) {
      builder.addStatement("$N.onSuccess($N)", locals.breaker, locals.permit);
    }
    if (retries && method.retryOnResult() != null) {
      addResultCheck(builder, method, locals);
    }
    if (retries) {
      builder.addStatement(
          "$N.succeeded($N, $N)", locals.retrier, locals.attempt, locals.startNanos);
    }
    if (!returnType.equals(TypeName.VOID)) {
      builder.addStatement("return $N", locals.result);
    } else if (retries) {
      builder.addStatement("return"); // out of the loop
    }
    if (retries) {
      builder.endControlFlow();
    }
  }

  /**
   * {@code Retrier retrier = this.chargeRetrier;} and the breaker's gate likewise; in a subclass,
   * the plain call while a superclass constructor runs, before this class set its fields.
   */
  static void addGuardLocals(
      RetryableType model,
      MethodSpec.Builder builder,
      GuardedMethod method,
      MemberNames members,
      LoopLocals locals,
      CodeBlock call,
      TypeName returnType) {
    boolean retries = method.retry() != null;
    boolean isVoid = returnType.equals(TypeName.VOID);
    if (retries) {
      builder.addStatement(
          "$T $N = $L",
          method.stateful() ? Names.STATEFUL_RETRIER : Names.RETRIER,
          locals.retrier,
          members.retrier(method, !model.isInterface()));
    }
    if (method.breaker() != null) {
      builder.addStatement(
          "$T $N = $L",
          Names.BREAKER_GATE, locals.breaker, members.breaker(method, !model.isInterface()));
    }
    if (method.timeout() != null) {
      builder.addStatement(
          "$T $N = $L",
          Names.ATTEMPT_TIMER, locals.timer, members.timer(method, !model.isInterface()));
    }
    if (!model.isInterface()) {
      String unset =
          retries ? locals.retrier : method.breaker() != null ? locals.breaker : locals.timer;
      builder
          .beginControlFlow("if ($N == null)", unset)
          .addComment("Called by a superclass constructor, before this class set its fields.")
          .addStatement(isVoid ? "$L" : "return $L", call);
      if (isVoid) {
        builder.addStatement("return");
      }
      builder.endControlFlow();
    }
  }

  /**
   * One attempt: the breaker's permit, the one delegate or {@code super} call in a {@code try},
   * and after a failure the breaker's outcome, then what {@code afterFailure} adds to the {@code
   * catch}: the retrier's decision and the recovery, or a stateful call's count and rethrow.
   */
  void addAttempt(
      MethodSpec.Builder builder,
      GuardedMethod method,
      LoopLocals locals,
      CodeBlock call,
      TypeName returnType,
      Runnable afterFailure) {
    boolean breaks = method.breaker() != null;
    boolean isVoid = returnType.equals(TypeName.VOID);
    if (!isVoid) {
      builder.addStatement("$T $N", returnType, locals.result);
    }
    if (breaks) {
      if (noPermitUnnamable) {
        builder
            .addComment("CircuitBreakerGate.NO_PERMIT: variables here obscure every name of it.")
            .addStatement("long $N = $LL", locals.permit, Names.NO_PERMIT);
      } else {
        builder.addStatement("long $N = $T.NO_PERMIT", locals.permit, Names.BREAKER_GATE);
      }
    }
    if (!breaks && method.retry() == null && method.recovers().isEmpty()) {
      // A timeout alone, with nothing to do after a failure: it passes through as it is.
      TimeoutGuardWriter.addTimedCall(builder, locals, call, isVoid);
      return;
    }
    builder.beginControlFlow("try");
    if (breaks) {
      // Inside the try: an open breaker's exception is a failure of the attempt.
      builder.addStatement("$N = $N.acquire()", locals.permit, locals.breaker);
    }
    if (method.timeout() != null) {
      TimeoutGuardWriter.addTimedCall(builder, locals, call, isVoid);
    } else if (isVoid) {
      builder.addStatement("$L", call);
    } else {
      builder.addStatement("$N = $L", locals.result, call);
    }
    builder.nextControlFlow("catch ($T $N)", THROWABLE, locals.failure);
    if (breaks) {
      addBreakerOutcome(builder, method.breaker(), locals);
    }
    afterFailure.run();
    builder.endControlFlow();
  }

  /**
   * Inside {@code catch (Throwable failure)}: the breaker counts the outcome: a failure
   * if it is a {@code failOn} type and not a {@code skipOn} one, else a success. An attempt the
   * breaker did not admit has {@code NO_PERMIT}, which it does not count.
   */
  private static void addBreakerOutcome(
      MethodSpec.Builder builder, BreakerConfig breaker, LoopLocals locals) {
    CodeBlock counts = Classification.countsForBreaker(breaker, locals.failure);
    if (counts.isEmpty()) {
      builder.addStatement("$N.onFailure($N)", locals.breaker, locals.permit);
      return;
    }
    builder
        .beginControlFlow("if ($L)", counts)
        .addStatement("$N.onFailure($N)", locals.breaker, locals.permit)
        .nextControlFlow("else")
        .addStatement("$N.onSuccess($N)", locals.breaker, locals.permit)
        .endControlFlow();
  }

  /**
   * Inside {@code catch (Throwable failure)}: step 1, the classification, is an {@code instanceof}
   * test decided at compile time; a failure it retries goes on with {@code if
   * (retrier.retryAfter(attempt, startNanos, failure)) continue;}, any other with {@code
   * retrier.notRetryable(...)}. The runtime's decision order takes it from there (the budget,
   * attempts, interruption, the hooks' {@code retryIf} and {@code delayFor}, the wait), tells the
   * listeners and waits. Falling through gives up, the listeners told why. A branch, not the
   * classification passed as a boolean: JDK 17's compiler then keeps the success path as fast as
   * a hand-written loop's (see {@code Retrier.notRetryable}).
   */
  private void addFailure(MethodSpec.Builder builder, GuardedMethod method, LoopLocals locals) {
    addClassified(builder, method, locals, locals.attempt, () -> builder
        .beginControlFlow(
            "if ($N.retryAfter($N, $N, $N))",
            locals.retrier, locals.attempt, locals.startNanos, locals.failure)
        .addStatement("continue")
        .endControlFlow());
  }

  /**
   * Step 1 inside {@code catch (Throwable failure)}: what {@code retried} writes when the
   * compile-time classification retries the failure, else {@code retrier.notRetryable(first,
   * startNanos, failure)}; {@code retried} alone when every failure is retried.
   *
   * @param first the attempt of the loop, or the key of a stateful call
   */
  static void addClassified(
      MethodSpec.Builder builder,
      GuardedMethod method,
      LoopLocals locals,
      String first,
      Runnable retried) {
    CodeBlock retrier = CodeBlock.of("$N", locals.retrier);
    CodeBlock retryable = Classification.retryable(method.retry(), retrier, locals.failure);
    if (retryable.isEmpty()) {
      retried.run();
      return;
    }
    builder.beginControlFlow("if ($L)", retryable);
    retried.run();
    builder
        .nextControlFlow("else")
        .addStatement(
            "$N.notRetryable($N, $N, $N)", locals.retrier, first, locals.startNanos, locals.failure)
        .endControlFlow();
  }

  /**
   * After a result: a result that {@code retryOnResult} rejects is a failed attempt, decided on
   * by the runtime ({@code retryAfterResult}); when it gives up, the last result stands. The test
   * stays inline, so that a result that passes is never boxed.
   */
  private void addResultCheck(MethodSpec.Builder builder, GuardedMethod method, LoopLocals locals) {
    CodeBlock rejects =
        predicateCall(method, method.retryOnResult(), CodeBlock.of("$N", locals.result));
    builder
        .addStatement("boolean $N", locals.rejected)
        .beginControlFlow("try")
        .addStatement("$N = $L", locals.rejected, rejects)
        .nextControlFlow("catch ($T $N)", THROWABLE, locals.predicateFailure)
        .addStatement(
            "$N.userCodeFailed($N, $N, $N)",
            locals.retrier, locals.attempt, locals.startNanos, locals.predicateFailure)
        .addStatement("throw $N", locals.predicateFailure)
        .endControlFlow()
        .beginControlFlow("if ($N)", locals.rejected)
        .beginControlFlow(
            "if ($N.retryAfterResult($N, $N, $N))",
            locals.retrier, locals.attempt, locals.startNanos, locals.result)
        .addStatement("continue")
        .endControlFlow()
        .addComment("Gave up: the last result stands, with no recovery.")
        .addStatement("return $N", locals.result)
        .endControlFlow();
  }

  /** {@link UserCalls#predicateCall} from the loop: an instance one on the delegate/super. */
  private CodeBlock predicateCall(
      GuardedMethod method, PredicateMethod predicate, CodeBlock argument) {
    return UserCalls.predicateCall(method, predicate, argument, instance);
  }
}
