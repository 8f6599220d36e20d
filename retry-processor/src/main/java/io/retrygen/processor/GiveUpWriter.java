package io.retrygen.processor;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.type.TypeMirror;

/**
 * The end of a guarded method that gave up (SPEC §3, §5): tell the listeners, rethrow a {@code
 * notRecoverable} failure, else the recover chain ({@code instanceof}, most specific first), else
 * the failure itself.
 */
final class GiveUpWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);

  private final boolean inInterface;

  GiveUpWriter(boolean inInterface) {
    this.inInterface = inInterface;
  }

  /**
   * After the call gave up with {@code failure}: tell the listeners, then rethrow a {@code
   * notRecoverable} one, else call the first recover method whose failure type matches (most
   * specific first), else rethrow.
   */
  void add(
      MethodSpec.Builder builder,
      GuardedMethod method,
      LoopLocals locals,
      List<String> arguments,
      TypeName returnType) {
    String failure = locals.failure;
    if (method.retry() != null) {
      builder.addStatement("$N.failed($N, $N, $N)", locals.retrier, locals.attempt,
          locals.startNanos, failure);
    }
    List<RecoverMethod> recovers = method.recovers();
    if (!recovers.isEmpty()
        && method.retry() != null
        && !method.retry().notRecoverable().isEmpty()) {
      List<TypeName> notRecoverable = new ArrayList<>();
      for (TypeMirror type : method.retry().notRecoverable()) {
        notRecoverable.add(TypeName.get(type));
      }
      builder
          .beginControlFlow("if ($L)", Classification.instanceOfAny(failure, notRecoverable, false))
          .addStatement("throw $N", failure)
          .endControlFlow();
    }
    for (RecoverMethod recover : recovers) {
      boolean catchAll =
          recover.failureType() == null || TypeName.get(recover.failureType()).equals(THROWABLE);
      if (!catchAll) {
        builder.beginControlFlow(
            "if ($N instanceof $T)", failure, TypeName.get(recover.failureType()));
      }
      addRecoverCall(builder, recover, locals, arguments, returnType);
      if (catchAll) {
        return; // anything after it would be unreachable
      }
      builder.endControlFlow();
    }
    builder.addStatement("throw $N", failure);
  }

  /**
   * Returns what {@code recover} returns; an interruption it recovered from sets the interrupt
   * flag again, so that it is not lost (SPEC §3).
   */
  private void addRecoverCall(
      MethodSpec.Builder builder,
      RecoverMethod recover,
      LoopLocals locals,
      List<String> arguments,
      TypeName returnType) {
    boolean isVoid = returnType.equals(TypeName.VOID);
    List<CodeBlock> recoverArguments = new ArrayList<>();
    if (recover.failureType() != null) {
      TypeName failureType = TypeName.get(recover.failureType());
      recoverArguments.add(
          failureType.equals(THROWABLE)
              ? CodeBlock.of("$N", locals.failure)
              : CodeBlock.of("($T) $N", failureType, locals.failure));
    }
    for (String argument : arguments.subList(0, recover.argumentCount())) {
      recoverArguments.add(CodeBlock.of("$N", argument));
    }
    CodeBlock call =
        CodeBlock.of(
            "$L.$N($L)",
            inInterface ? "this.delegate" : "super",
            recover.method().getSimpleName().toString(),
            CodeBlock.join(recoverArguments, ", "));
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
