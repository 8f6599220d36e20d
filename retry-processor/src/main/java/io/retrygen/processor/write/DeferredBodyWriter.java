package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.WildcardTypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * The body of a guarded method whose outcome comes later: one call object of the kind's driver,
 * whose anonymous subclass says what the annotations decided. The loop itself is the driver's,
 * since it runs across completions, suspensions or collections and their waits:
 *
 * <pre>{@code
 * return new AsyncCall<String>(this.fetchRetrier, this.fetchBreaker) {
 *   @Override
 *   protected CompletionStage<String> call() {
 *     return ClientRetrying.this.delegate.fetch(id);
 *   }
 *
 *   @Override
 *   protected boolean retryable(Throwable failure) {
 *     return failure instanceof IOException;
 *   }
 *   ...
 * }.start();
 * }</pre>
 *
 * A {@code CompletionStage} or {@code CompletableFuture} gets an {@code AsyncCall} ({@code
 * start()} returns its future); a Kotlin {@code suspend} function a {@code SuspendCall}, whose
 * {@code call} and {@code recover} take the continuation ({@code run($completion)} runs it in the
 * caller's coroutine); a {@code Flow} a {@code FlowCall} ({@code flow()} is the cold flow); a
 * Reactor {@code Mono} a {@code MonoCall} ({@code mono()} is the lazy mono), and so on for {@code
 * Flux} and RxJava 3's {@code Single}, {@code Maybe}, {@code Completable} (a raw {@code
 * CompletableCall}: it has no value), {@code Observable} and {@code Flowable}.
 * Inside the anonymous class, {@code this} is the call: the delegate and the input's own methods
 * are reached through {@code ClientRetrying.this} and {@code ClientRetrying.super}.
 */
final class DeferredBodyWriter implements BodyWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final RetryableType model;
  private final GiveUpWriter giveUp;

  DeferredBodyWriter(RetryableType model, GiveUpWriter giveUp) {
    this.model = model;
    this.giveUp = giveUp;
  }

  /**
   * {@code return new AsyncCall<T>(retrier, breaker) {...}.start();} (or its kind's driver; with
   * {@code timer} as a third argument when a {@code @Timeout} applies), or
   * (called from a superclass constructor) the plain call.
   */
  @Override
  public void addBody(MethodSpec.Builder builder, GuardedMethod method, MethodParts parts) {
    MemberNames members = parts.members;
    OverrideTypes types = parts.types;
    List<String> arguments = parts.arguments;
    LoopLocals locals = parts.locals;
    ReturnKind kind = method.returnKind();
    boolean suspends = kind == ReturnKind.SUSPEND;
    TypeName value = types.get(method.valueType());
    // A suspend function's attempt passes on the continuation of the driver's call, not the
    // caller's: the driver resumes the caller once the whole call is over.
    List<String> attemptArguments = new ArrayList<>(arguments);
    if (suspends) {
      attemptArguments.set(attemptArguments.size() - 1, locals.continuation);
    }
    CodeBlock call =
        UserCalls.call(method, types, String.join(", ", attemptArguments), instance());
    boolean retries = method.retry() != null;
    boolean breaks = method.breaker() != null;
    if (!model.isInterface()) {
      builder
          .beginControlFlow("if ($L == null)", members.unset(method))
          .addComment("Called by a superclass constructor, before this class set its fields.")
          .addStatement("return $L", parts.call)
          .endControlFlow();
    }
    CodeBlock guards =
        CodeBlock.of(
            "$L,$W$L",
            retries ? members.retrier(method, false) : "null",
            breaks ? members.breaker(method, false) : "null");
    if (method.timeout() != null) {
      // The timer, the innermost guard, only when there is one: the driver cancels an attempt
      // that runs out of time and fails it with AttemptTimeoutException.
      guards = CodeBlock.of("$L,$W$L", guards, members.timer(method, false));
    }
    TypeSpec.Builder attempt =
        TypeSpec.anonymousClassBuilder("$L", guards)
            .superclass(
                // CompletableCall, as Completable, has no value and no type parameter.
                kind == ReturnKind.COMPLETABLE
                    ? driver(kind)
                    : ParameterizedTypeName.get(driver(kind), value));

    MethodSpec.Builder callHook =
        hook("call", suspends ? TypeName.OBJECT : attemptType(kind, parts.returnType, value))
            .addStatement("return $L", call);
    if (suspends) {
      callHook.addParameter(continuationOf(value), locals.continuation);
    }
    for (TypeMirror thrown : method.type().getThrownTypes()) {
      callHook.addException(types.get(thrown));
    }
    attempt.addMethod(callHook.build());
    if (retries) {
      addRetryHooks(attempt, method, members, types, locals);
    }
    if (breaks) {
      CodeBlock counts = Classification.countsForBreaker(method.breaker(), locals.failure);
      attempt.addMethod(
          hook("breakerFailure", TypeName.BOOLEAN)
              .addParameter(THROWABLE, locals.failure)
              .addStatement("return $L", counts.isEmpty() ? CodeBlock.of("true") : counts)
              .build());
    }
    if (!method.recovers().isEmpty()) {
      MethodSpec.Builder recover =
          hook("recover", recoveryType(kind, parts.returnType, value))
              .addParameter(THROWABLE, locals.failure)
              .addException(THROWABLE);
      if (suspends) {
        recover.addParameter(continuationOf(value), locals.continuation);
      }
      giveUp.addDeferred(recover, method, locals, arguments, instance());
      attempt.addMethod(recover.build());
    }
    builder.addStatement("return $L.$L", attempt.build(), start(kind, arguments));
  }

  /** The runtime class that drives a call of {@code kind}: {@code AsyncCall}, {@code MonoCall}... */
  private static ClassName driver(ReturnKind kind) {
    return ClassName.bestGuess(kind.driver());
  }

  /** The Reactor or RxJava 3 type of {@code kind}: {@code Mono}, ..., {@code Flowable}. */
  static ClassName publisher(ReturnKind kind) {
    if (!kind.isReactive()) {
      throw new IllegalArgumentException(kind + " is not a Reactor or RxJava 3 kind");
    }
    return ClassName.bestGuess(kind.typeName());
  }

  /**
   * What {@code call()} returns: the method's own future or publisher type ({@code Mono<V>} as
   * declared), or the flow.
   */
  private static TypeName attemptType(ReturnKind kind, TypeName returnType, TypeName value) {
    return kind == ReturnKind.FLOW ? ParameterizedTypeName.get(Names.FLOW, value) : returnType;
  }

  /**
   * What {@code recover(failure)} returns: any stage of the value ({@code CompletionStage<?
   * extends V>}, as declared), the flow to collect, any publisher of the value of the method's own
   * type ({@code Mono<? extends V>}; a {@code Completable} for a {@code Completable}), or (a suspend function) the value or {@code
   * COROUTINE_SUSPENDED}, as {@code Object}.
   */
  private static TypeName recoveryType(ReturnKind kind, TypeName returnType, TypeName value) {
    switch (kind) {
      case SUSPEND:
        return TypeName.OBJECT;
      case FLOW:
        return ParameterizedTypeName.get(Names.FLOW, value);
      case COMPLETABLE:
        return Names.COMPLETABLE;
      default:
        return ParameterizedTypeName.get(
            kind.isReactive() ? publisher(kind) : Names.COMPLETION_STAGE,
            WildcardTypeName.subtypeOf(value));
    }
  }

  /** {@code Continuation<? super V>}, as a suspend function of value {@code V} takes it. */
  private static TypeName continuationOf(TypeName value) {
    return ParameterizedTypeName.get(Names.CONTINUATION, WildcardTypeName.supertypeOf(value));
  }

  /**
   * How the call starts: {@code start()}, {@code run($completion)}, {@code flow()}, or the
   * publisher's own name: {@code mono()}, ..., {@code flowable()}.
   */
  private static CodeBlock start(ReturnKind kind, List<String> arguments) {
    switch (kind) {
      case SUSPEND:
        return CodeBlock.of("run($N)", arguments.get(arguments.size() - 1));
      case FLOW:
        return CodeBlock.of("flow()");
      default:
        // A publisher's own name: mono(), single(), ..., flowable().
        return kind.isReactive()
            ? CodeBlock.of("$L()", kind.typeSimpleName().toLowerCase(Locale.ROOT))
            : CodeBlock.of("start()");
    }
  }

  /**
   * Step 1, {@code retryable(failure)}, and the user code the decision order calls, as the call is
   * its own hooks: {@code retryIf}, {@code rejects} ({@code retryOnResult}) and {@code delayFor}.
   */
  private void addRetryHooks(
      TypeSpec.Builder attempt,
      GuardedMethod method,
      MemberNames members,
      OverrideTypes types,
      LoopLocals locals) {
    CodeBlock retryable =
        Classification.retryable(
            method.retry(),
            CodeBlock.of("$T.this.$N", model.generatedName(), members.retrierField(method)),
            locals.failure);
    attempt.addMethod(
        hook("retryable", TypeName.BOOLEAN)
            .addParameter(THROWABLE, locals.failure)
            .addStatement("return $L", retryable.isEmpty() ? CodeBlock.of("true") : retryable)
            .build());
    if (method.retryIf() != null) {
      attempt.addMethod(
          HooksWriter.throwing(hook("retryIf", TypeName.BOOLEAN), method.retryIf())
              .addParameter(THROWABLE, locals.failure)
              .addStatement(
                  "return $L",
                  UserCalls.retryIfTest(method, locals.failure, instance(), false))
              .build());
    }
    // A Completable has no value to test (its retryOnResult is an error, so this is null then).
    if (method.retryOnResult() != null && method.returnKind() != ReturnKind.COMPLETABLE) {
      attempt.addMethod(
          HooksWriter.throwing(hook("rejects", TypeName.BOOLEAN), method.retryOnResult())
              .addParameter(types.get(method.valueType()), locals.result)
              .addStatement(
                  "return $L",
                  UserCalls.predicateCall(
                      method,
                      method.retryOnResult(),
                      CodeBlock.of("$N", locals.result),
                      instance()))
              .build());
    }
    addDelayForHooks(attempt, method, types, locals);
  }

  /**
   * {@code delayFor(Throwable)} and {@code delayForResult(T)}, each only when a {@code delayFor}
   * overload can take a failure or the result: the runtime's defaults mean the formula.
   */
  private void addDelayForHooks(
      TypeSpec.Builder attempt, GuardedMethod method, OverrideTypes types, LoopLocals locals) {
    CodeBlock forFailure = DelayForCall.of(method, false, locals.failure, instance());
    if (forFailure != null) {
      MethodSpec.Builder hook = hook("delayFor", TypeName.LONG);
      for (PredicateMethod overload : method.delayFor().forFailures()) {
        HooksWriter.throwing(hook, overload);
      }
      attempt.addMethod(
          hook.addParameter(THROWABLE, locals.failure)
              .addStatement("return $L", forFailure)
              .build());
    }
    CodeBlock forResult = DelayForCall.of(method, true, locals.result, instance());
    if (forResult != null && method.returnKind() != ReturnKind.COMPLETABLE) {
      attempt.addMethod(
          HooksWriter.throwing(hook("delayForResult", TypeName.LONG), method.delayFor().forResult())
              .addParameter(types.get(method.valueType()), locals.result)
              .addStatement("return $L", forResult)
              .build());
    }
  }

  private static MethodSpec.Builder hook(String name, TypeName returns) {
    return MethodSpec.methodBuilder(name)
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PROTECTED)
        .returns(returns);
  }

  /** What an instance predicate or recover method is called on, from inside the call class. */
  private CodeBlock instance() {
    return model.isInterface()
        ? CodeBlock.of("$T.this.delegate", model.generatedName())
        : CodeBlock.of("$T.super", model.generatedName());
  }
}
