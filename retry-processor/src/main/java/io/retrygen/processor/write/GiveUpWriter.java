package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The end of a guarded method that gave up (the runtime told the listeners why): rethrow a {@code
 * notRecoverable} failure or a cancellation, else the recover chain ({@code instanceof}, most
 * specific first), else the failure itself.
 */
public final class GiveUpWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  /** What an instance recover method is called on: {@code this.delegate} or {@code super}. */
  private final CodeBlock instance;

  GiveUpWriter(CodeBlock instance) {
    this.instance = instance;
  }

  /**
   * After the call gave up with {@code failure} (the retrier, if any, told the listeners why):
   * rethrow a {@code notRecoverable} one or a cancellation, else call the first recover method
   * whose failure type matches (most specific first), else rethrow.
   */
  void add(
      MethodSpec.Builder builder,
      GuardedMethod method,
      LoopLocals locals,
      List<String> arguments,
      TypeName returnType) {
    addRecovery(builder, method, locals.failure, method.rethrowsCancellation(),
        CodeBlock.of("$N", locals.failure),
        recover -> addRecoverCall(builder, recover, locals, arguments, returnType));
  }

  /**
   * A stateful call whose key's retries ended on an earlier call, with that call's last failure
   * {@code exhausted}: the same chain, where every rethrow throws {@code rethrown} instead ({@code
   * retrier.exhaustedException(exhausted)}). No cancellation reaches it (one is never counted
   * unless {@code retryFor} names it), and a recovered interruption does not interrupt this call's
   * thread: the call it interrupted rethrew it to its own caller.
   */
  void addExhausted(
      MethodSpec.Builder builder,
      GuardedMethod method,
      String exhausted,
      List<String> arguments,
      TypeName returnType,
      CodeBlock rethrown) {
    boolean isVoid = returnType.equals(TypeName.VOID);
    addRecovery(builder, method, exhausted, false, rethrown, recover -> {
      builder.addStatement(
          isVoid ? "$L" : "return $L", recoverCall(recover, exhausted, arguments, instance));
      if (isVoid) {
        builder.addStatement("return");
      }
    });
  }

  /**
   * The body of the {@code recover} hook of a deferred method's call: the same chain, where a
   * recover method's stage or flow is returned as it is, a suspend recover function is called with
   * the hook's continuation, and a value is completed: {@code completedFuture(value)} for a
   * future, the value itself for a suspend function ({@code Unit} after a recover function that
   * returns nothing), {@code recovered(value)} for a {@code Mono} or {@code Maybe} (empty for
   * null), {@code Single.just(value)} (and so on) for the other Reactor or RxJava 3 publishers,
   * {@code Completable.complete()} after a {@code Completable}'s recover method that returns
   * nothing.
   *
   * @param instance what an instance recover method is called on: {@code Outer.this.delegate} or
   *     {@code Outer.super}, from inside the anonymous call class
   */
  void addDeferred(
      MethodSpec.Builder builder,
      GuardedMethod method,
      LoopLocals locals,
      List<String> arguments,
      CodeBlock instance) {
    String failure = locals.failure;
    ReturnKind kind = method.returnKind();
    boolean suspends = kind == ReturnKind.SUSPEND;
    // The runtime ends a deferred call on a cancellation before it asks for a recovery.
    addRecovery(builder, method, failure, false, CodeBlock.of("$N", failure), recover -> {
      // A suspend recover function takes the hook's continuation last.
      String continuation = suspends && recover.returnsStage() ? locals.continuation : null;
      CodeBlock call = recoverCall(recover, failure, arguments, instance, continuation);
      boolean returnsVoid = recover.method().getReturnType().getKind() == TypeKind.VOID;
      if (suspends && returnsVoid) {
        builder.addStatement("$L", call).addStatement("return $T.INSTANCE", Names.UNIT);
      } else if (suspends || recover.returnsStage()) {
        builder.addStatement("return $L", call);
      } else if (kind == ReturnKind.COMPLETABLE) {
        // A Completable's recover method returns void (or, above, a Completable).
        builder.addStatement("$L", call).addStatement("return $T.complete()", Names.COMPLETABLE);
      } else if (kind == ReturnKind.MONO || kind == ReturnKind.MAYBE) {
        // The driver's recovered(value): empty for a null value, which the publisher cannot carry.
        builder.addStatement("return recovered($Z$L)", call);
      } else if (kind.isReactive()) {
        builder.addStatement(
            "return $T.just($Z$L)", DeferredBodyWriter.publisher(kind), call);
      } else {
        builder.addStatement("return $T.completedFuture($Z$L)", Names.COMPLETABLE_FUTURE, call);
      }
    });
  }

  /**
   * Rethrows a {@code notRecoverable} failure or a cancellation (never recovered unless {@code
   * retryFor} names it), else calls the first recover method whose failure type matches (most
   * specific first), else rethrows.
   *
   * @param rethrown what each rethrow throws: the failure itself, or what stands for it
   */
  private static void addRecovery(
      MethodSpec.Builder builder,
      GuardedMethod method,
      String failure,
      boolean rethrowsCancellation,
      CodeBlock rethrown,
      Consumer<RecoverMethod> addCall) {
    List<RecoverMethod> recovers = method.recovers();
    List<TypeName> unrecovered = new ArrayList<>();
    if (!recovers.isEmpty() && method.retry() != null) {
      for (TypeMirror type : method.retry().notRecoverable()) {
        unrecovered.add(TypeName.get(type));
      }
    }
    if (rethrowsCancellation) {
      unrecovered.add(Classification.CANCELLATION);
    }
    if (!unrecovered.isEmpty()) {
      builder
          .beginControlFlow("if ($L)", Classification.instanceOfAny(failure, unrecovered, false))
          .addStatement("throw $L", rethrown)
          .endControlFlow();
    }
    for (RecoverMethod recover : recovers) {
      boolean catchAll = recover.catchesAll();
      if (!catchAll) {
        builder.beginControlFlow(
            "if ($N instanceof $T)", failure, TypeName.get(recover.failureType()));
      }
      addCall.accept(recover);
      if (catchAll) {
        return; // anything after it would be unreachable
      }
      builder.endControlFlow();
    }
    builder.addStatement("throw $L", rethrown);
  }

  /** {@code instance.recover((IOException) failure, account)}. */
  private static CodeBlock recoverCall(
      RecoverMethod recover, String failure, List<String> arguments, CodeBlock instance) {
    return recoverCall(recover, failure, arguments, instance, null);
  }

  /**
   * {@code instance.recover((IOException) failure, account)}, with {@code continuation} last when
   * not null.
   */
  private static CodeBlock recoverCall(
      RecoverMethod recover,
      String failure,
      List<String> arguments,
      CodeBlock instance,
      String continuation) {
    List<CodeBlock> recoverArguments = new ArrayList<>();
    if (recover.failureType() != null) {
      TypeName failureType = TypeName.get(recover.failureType());
      recoverArguments.add(
          failureType.equals(THROWABLE)
              ? CodeBlock.of("$N", failure)
              : CodeBlock.of("($T) $N", failureType, failure));
    }
    for (String argument : arguments.subList(0, recover.argumentCount())) {
      recoverArguments.add(CodeBlock.of("$N", argument));
    }
    if (continuation != null) {
      recoverArguments.add(CodeBlock.of("$N", continuation));
    }
    return CodeBlock.of(
        "$L.$N($L)",
        instance,
        recover.method().getSimpleName().toString(),
        CodeBlock.join(recoverArguments, ", "));
  }

  /**
   * Returns what {@code recover} returns; an interruption it recovered from sets the interrupt
   * flag again, so that it is not lost.
   */
  private void addRecoverCall(
      MethodSpec.Builder builder,
      RecoverMethod recover,
      LoopLocals locals,
      List<String> arguments,
      TypeName returnType) {
    boolean isVoid = returnType.equals(TypeName.VOID);
    CodeBlock call = recoverCall(recover, locals.failure, arguments, instance);
    if (!recover.takesInterruption()) {
      builder.addStatement(isVoid ? "$L" : "return $L", call);
      if (isVoid) {
        builder.addStatement("return");
      }
      return;
    }
    if (isVoid) {
      builder.addStatement("$L", call);
    } else {
      builder.addStatement("$T $N = $L", returnType, locals.recovered, call);
    }
    builder
        .beginControlFlow("if ($N instanceof $T)", locals.failure, InterruptedException.class)
        .addStatement("$T.currentThread().interrupt()", Thread.class)
        .endControlFlow();
    builder.addStatement(isVoid ? "return" : "return $N", locals.recovered);
  }
}
