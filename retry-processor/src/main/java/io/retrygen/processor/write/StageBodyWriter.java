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
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.type.TypeMirror;

/**
 * The body of a guarded method returning a {@code CompletionStage} or {@code CompletableFuture}:
 * one {@code AsyncCall}, the future the method returns, whose anonymous subclass says what the
 * annotations decided. The loop itself is the runtime's, since it runs across completions and
 * scheduled waits:
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
 * Inside the anonymous class, {@code this} is the call: the delegate and the input's own methods
 * are reached through {@code ClientRetrying.this} and {@code ClientRetrying.super}.
 */
final class StageBodyWriter implements BodyWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final RetryableType model;
  private final GiveUpWriter giveUp;

  StageBodyWriter(RetryableType model, GiveUpWriter giveUp) {
    this.model = model;
    this.giveUp = giveUp;
  }

  /**
   * {@code return new AsyncCall<T>(retrier, breaker) {...}.start();}, or (called from a superclass
   * constructor) the plain call.
   */
  @Override
  public void addBody(MethodSpec.Builder builder, GuardedMethod method, MethodParts parts) {
    MemberNames members = parts.members;
    OverrideTypes types = parts.types;
    List<String> arguments = parts.arguments;
    LoopLocals locals = parts.locals;
    CodeBlock plainCall = parts.call;
    TypeName returnType = parts.returnType;
    CodeBlock call = UserCalls.call(method, types, String.join(", ", arguments), instance());
    boolean retries = method.retry() != null;
    boolean breaks = method.breaker() != null;
    if (!model.isInterface()) {
      builder
          .beginControlFlow("if ($L == null)", members.unset(method))
          .addComment("Called by a superclass constructor, before this class set its fields.")
          .addStatement("return $L", plainCall)
          .endControlFlow();
    }
    TypeSpec.Builder attempt =
        TypeSpec.anonymousClassBuilder(
                "$L,$W$L",
                retries ? members.retrier(method, false) : "null",
                breaks ? members.breaker(method, false) : "null")
            .superclass(
                ParameterizedTypeName.get(Names.ASYNC_CALL, types.get(method.valueType())));

    MethodSpec.Builder callHook = hook("call", returnType).addStatement("return $L", call);
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
      // CompletionStage<? extends V>, as declared: a recover method may return any stage of V.
      TypeName stage =
          ParameterizedTypeName.get(
              Names.COMPLETION_STAGE, WildcardTypeName.subtypeOf(types.get(method.valueType())));
      MethodSpec.Builder recover =
          hook("recover", stage)
              .addParameter(THROWABLE, locals.failure)
              .addException(THROWABLE);
      giveUp.addAsync(recover, method, locals.failure, arguments, instance());
      attempt.addMethod(recover.build());
    }
    builder.addStatement("return $L.start()", attempt.build());
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
    if (method.retryOnResult() != null) {
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
    if (forResult != null) {
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
