package io.retrygen.processor;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Writes one method of a generated class: the retry loop around the single delegate or {@code
 * super} call, or (in a delegate) a plain forward. Its {@link LoopLocals} come from a {@link
 * NameAllocator} seeded with the user's parameter names, so a parameter called {@code attempt}
 * cannot clash. The loop keeps the success path and the classification inline; after a failed
 * attempt (or a rejected result) it asks the retrier, whose decision order owns every later step,
 * and gives up by falling through to the recovery.
 */
final class MethodWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final RetryableType model;
  /** What the guarded method, predicates and recover methods are called on. */
  private final CodeBlock instance;
  private final GiveUpWriter giveUp;
  private final AsyncMethodWriter async;
  /** Whether {@code CircuitBreakerGate.NO_PERMIT} is written as its value (ObscuredNames). */
  private final boolean noPermitUnnamable;

  MethodWriter(RetryableType model) {
    this.model = model;
    this.noPermitUnnamable = ObscuredNames.noPermitUnnamable(ObscuredNames.variables(model));
    this.instance = CodeBlock.of(model.isInterface() ? "this.delegate" : "super");
    this.giveUp = new GiveUpWriter(instance);
    this.async = new AsyncMethodWriter(model, giveUp);
  }

  /**
   * The override of {@code method}, guarded by the members {@code members} names for it, or (in
   * a delegate) a plain forward.
   */
  MethodSpec write(GuardedMethod method, MemberNames members) {
    OverrideTypes types = OverrideTypes.of(method, model.element());
    MethodSpec.Builder builder =
        SignatureWriter.signature(method, model.isInterface(), types, model.typeUses());
    NameAllocator names = new NameAllocator();
    List<String> arguments = new ArrayList<>();
    for (ParameterSpec parameter : builder.build().parameters) {
      arguments.add(names.newName(parameter.name, parameter.name));
    }
    CodeBlock call = call(method, types, String.join(", ", arguments), instance);
    TypeName returnType = types.get(method.type().getReturnType());
    boolean isVoid = returnType.equals(TypeName.VOID);
    if (!method.isGuarded()) {
      return builder.addStatement(isVoid ? "$L" : "return $L", call).build();
    }
    LoopLocals locals = LoopLocals.allocate(names);
    if (method.shape().isAsync()) {
      async.addBody(builder, method, members, types, arguments, locals, call);
      return builder.build();
    }
    boolean retries = method.retry() != null;
    boolean breaks = method.breaker() != null;

    if (retries) {
      builder.addStatement(
          "$T $N = $L",
          Names.RETRIER, locals.retrier, members.retrier(method, !model.isInterface()));
    }
    if (breaks) {
      builder.addStatement(
          "$T $N = $L",
          Names.BREAKER_GATE, locals.breaker, members.breaker(method, !model.isInterface()));
    }
    if (!model.isInterface()) {
      builder
          .beginControlFlow("if ($N == null)", retries ? locals.retrier : locals.breaker)
          .addComment("Called by a superclass constructor, before this class set its fields.")
          .addStatement(isVoid ? "$L" : "return $L", call);
      if (isVoid) {
        builder.addStatement("return");
      }
      builder.endControlFlow();
    }
    if (retries) {
      builder.addStatement("long $N = $N.start()", locals.startNanos, locals.retrier);
      builder.beginControlFlow("for (int $1N = 1; ; $1N++)", locals.attempt);
    }
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
    builder.beginControlFlow("try");
    if (breaks) {
      // Inside the try: an open breaker's exception is a failure of the attempt.
      builder.addStatement("$N = $N.acquire()", locals.permit, locals.breaker);
    }
    if (isVoid) {
      builder.addStatement("$L", call);
    } else {
      builder.addStatement("$N = $L", locals.result, call);
    }
    builder.nextControlFlow("catch ($T $N)", THROWABLE, locals.failure);
    if (breaks) {
      addBreakerOutcome(builder, method.breaker(), locals);
    }
    if (retries) {
      addFailure(builder, method, locals);
    }
    giveUp.add(builder, method, locals, arguments, returnType);
    builder.endControlFlow();
    if (breaks) {
      builder.addStatement("$N.onSuccess($N)", locals.breaker, locals.permit);
    }
    if (retries && method.retryOnResult() != null) {
      addResultCheck(builder, method, locals);
    }
    if (retries) {
      builder.addStatement(
          "$N.succeeded($N, $N)", locals.retrier, locals.attempt, locals.startNanos);
    }
    if (!isVoid) {
      builder.addStatement("return $N", locals.result);
    } else if (retries) {
      builder.addStatement("return"); // out of the loop
    }
    if (retries) {
      builder.endControlFlow();
    }
    return builder.build();
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
   * Inside {@code catch (Throwable failure)}: {@code if (retrier.retryAfter(attempt, startNanos,
   * failure, <step 1>)) continue;}. Step 1, the classification, is an {@code instanceof} test
   * decided at compile time and written here; the runtime's decision order takes it from there
   * (the budget, attempts, interruption, the hooks' {@code retryIf} and {@code delayFor}, the
   * wait), tells the listeners and waits. Falling through gives up, the listeners told why.
   */
  private void addFailure(MethodSpec.Builder builder, GuardedMethod method, LoopLocals locals) {
    CodeBlock retrier = CodeBlock.of("$N", locals.retrier);
    CodeBlock retryable = Classification.retryable(method.retry(), retrier, locals.failure);
    builder
        .beginControlFlow(
            "if ($N.retryAfter($N, $N, $N,$W$L))",
            locals.retrier,
            locals.attempt,
            locals.startNanos,
            locals.failure,
            retryable.isEmpty() ? CodeBlock.of("true") : retryable)
        .addStatement("continue")
        .endControlFlow();
  }

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

  /**
   * A static predicate is called on its declaring type (qualified when a parameter of {@code
   * method} has that type's simple name, which would obscure it: JLS 6.4.2; a same-package type is
   * never qualified by JavaPoet itself); an instance one on the delegate/super.
   */
  private CodeBlock predicateCall(
      GuardedMethod method, PredicateMethod predicate, CodeBlock argument) {
    return predicateCall(method, predicate, argument, instance);
  }

  /** See above; {@code instance} is what an instance predicate is called on. */
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
