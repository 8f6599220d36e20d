package io.retrygen.processor;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * Writes one method of a generated class: the retry loop around the single delegate or {@code
 * super} call, or (in a delegate) a plain forward. Locals come from a {@link NameAllocator}
 * seeded with the user's parameter names, so a parameter called {@code attempt} cannot clash.
 */
final class MethodWriter {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);
  private static final ClassName EXCEPTION = ClassName.get(Exception.class);

  private final RetryableType model;

  MethodWriter(RetryableType model) {
    this.model = model;
  }

  /**
   * The override of {@code method}; {@code retrierField} names its {@code Retrier} field (null
   * for a forwarded method).
   */
  MethodSpec write(GuardedMethod method, String retrierField) {
    OverrideTypes types = OverrideTypes.of(method, model.element());
    MethodSpec.Builder builder = SignatureWriter.signature(method, model.isInterface(), types);
    NameAllocator names = new NameAllocator();
    List<String> arguments = new ArrayList<>();
    for (ParameterSpec parameter : builder.build().parameters) {
      arguments.add(names.newName(parameter.name, parameter.name));
    }
    CodeBlock call = call(method, types, String.join(", ", arguments));
    TypeName returnType = types.get(method.type().getReturnType());
    boolean isVoid = returnType.equals(TypeName.VOID);
    if (!method.isGuarded()) {
      return builder.addStatement(isVoid ? "$L" : "return $L", call).build();
    }
    String retrier = names.newName("retrier");
    String startNanos = names.newName("startNanos");
    String attempt = names.newName("attempt");
    String result = names.newName("result");
    String failure = names.newName("failure");
    String delayMillis = names.newName("delayMillis");

    builder.addStatement("$T $N = this.$N", Names.RETRIER, retrier, retrierField);
    if (!model.isInterface()) {
      builder
          .beginControlFlow("if ($N == null)", retrier)
          .addComment("Called by a superclass constructor, before this class set its fields.")
          .addStatement(isVoid ? "$L" : "return $L", call);
      if (isVoid) {
        builder.addStatement("return");
      }
      builder.endControlFlow();
    }
    builder.addStatement("long $N = $N.start()", startNanos, retrier);
    builder.beginControlFlow("for (int $1N = 1; ; $1N++)", attempt);
    if (!isVoid) {
      builder.addStatement("$T $N", returnType, result);
    }
    builder.beginControlFlow("try");
    if (isVoid) {
      builder.addStatement("$L", call);
    } else {
      builder.addStatement("$N = $L", result, call);
    }
    builder.nextControlFlow("catch ($T $N)", THROWABLE, failure);
    CodeBlock retryable = retryCondition(method.retry(), failure);
    if (!retryable.isEmpty()) {
      builder.beginControlFlow("if ($L)", retryable);
    }
    CodeBlock retryIf = CodeBlock.of("");
    PredicateMethod predicate = method.retryIf();
    if (predicate != null) {
      CodeBlock argument = CodeBlock.of("$N", failure);
      if (predicate.needsCast()) {
        TypeName failureType = TypeName.get(predicate.parameterType());
        argument = CodeBlock.of("($T) $N", failureType, failure);
        retryIf = CodeBlock.of("$N instanceof $T$W&& ", failure, failureType);
      }
      retryIf = CodeBlock.of("$L$L$W&& ", retryIf, predicateCall(predicate, argument));
    }
    builder
        .addStatement("long $N = $N.nextDelay($N, $N)", delayMillis, retrier, attempt, startNanos)
        .beginControlFlow(
            "if ($1N >= 0$W&& $6L$2N.backOff($3N, $4N, $5N, $1N))",
            delayMillis, retrier, attempt, startNanos, failure, retryIf)
        .addStatement("continue")
        .endControlFlow();
    if (!retryable.isEmpty()) {
      builder.endControlFlow();
    }
    builder.addStatement("$N.failed($N, $N, $N)", retrier, attempt, startNanos, failure);
    addGiveUp(builder, method, failure, arguments, isVoid);
    builder.endControlFlow();
    if (method.retryOnResult() != null) {
      builder
          .beginControlFlow(
              "if ($L)", predicateCall(method.retryOnResult(), CodeBlock.of("$N", result)))
          .addStatement(
              "long $N = $N.nextDelay($N, $N)", delayMillis, retrier, attempt, startNanos)
          .beginControlFlow(
              "if ($1N >= 0 && $2N.backOff($3N, $4N, null, $1N))",
              delayMillis, retrier, attempt, startNanos)
          .addStatement("continue")
          .endControlFlow()
          .addComment("Out of attempts or time: the last result stands, with no recovery.")
          .addStatement("$N.failed($N, $N, null)", retrier, attempt, startNanos)
          .addStatement("return $N", result)
          .endControlFlow();
    }
    builder.addStatement("$N.succeeded($N, $N)", retrier, attempt, startNanos);
    builder.addStatement(isVoid ? "return" : "return $N", result);
    builder.endControlFlow();
    return builder.build();
  }

  /**
   * After the call gave up with {@code failure}: rethrow a {@code notRecoverable} one, else call
   * the first recover method whose failure type matches (most specific first), else rethrow.
   */
  private void addGiveUp(
      MethodSpec.Builder builder,
      GuardedMethod method,
      String failure,
      List<String> arguments,
      boolean isVoid) {
    List<RecoverMethod> recovers = method.recovers();
    if (!recovers.isEmpty() && !method.retry().notRecoverable().isEmpty()) {
      List<TypeName> notRecoverable = new ArrayList<>();
      for (TypeMirror type : method.retry().notRecoverable()) {
        notRecoverable.add(TypeName.get(type));
      }
      builder
          .beginControlFlow("if ($L)", instanceOfAny(failure, notRecoverable, false))
          .addStatement("throw $N", failure)
          .endControlFlow();
    }
    for (RecoverMethod recover : recovers) {
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
      CodeBlock call =
          CodeBlock.of(
              "$L.$N($L)",
              model.isInterface() ? "this.delegate" : "super",
              recover.method().getSimpleName().toString(),
              CodeBlock.join(recoverArguments, ", "));
      boolean catchAll =
          recover.failureType() == null || TypeName.get(recover.failureType()).equals(THROWABLE);
      if (!catchAll) {
        builder.beginControlFlow(
            "if ($N instanceof $T)", failure, TypeName.get(recover.failureType()));
      }
      if (isVoid) {
        builder.addStatement("$L", call).addStatement("return");
      } else {
        builder.addStatement("return $L", call);
      }
      if (catchAll) {
        return; // anything after it would be unreachable
      }
      builder.endControlFlow();
    }
    builder.addStatement("throw $N", failure);
  }

  /** A static predicate is called on its declaring type; an instance one on the delegate/super. */
  private CodeBlock predicateCall(PredicateMethod predicate, CodeBlock argument) {
    String name = predicate.method().getSimpleName().toString();
    if (predicate.isStatic()) {
      return CodeBlock.of(
          "$T.$N($L)",
          ClassName.get((TypeElement) predicate.method().getEnclosingElement()),
          name,
          argument);
    }
    return CodeBlock.of(
        "$L.$N($L)", model.isInterface() ? "this.delegate" : "super", name, argument);
  }

  /** {@code this.delegate.m(args)} or {@code super.m(args)}; {@code .<T>m(args)} if generic. */
  private CodeBlock call(GuardedMethod method, OverrideTypes types, String arguments) {
    return CodeBlock.of(
        model.isInterface() ? "this.delegate.$L$N($L)" : "super.$L$N($L)",
        types.typeArguments(),
        method.method().getSimpleName().toString(),
        arguments);
  }

  /**
   * {@code failure instanceof A || ...} and not any excluded type; empty when every failure is
   * retried ({@code retryFor = Throwable.class} without exclusions).
   */
  private static CodeBlock retryCondition(RetryConfig retry, String failure) {
    List<CodeBlock> conditions = new ArrayList<>();
    List<TypeName> included = new ArrayList<>();
    boolean all = false;
    for (TypeMirror type : retry.retryFor()) {
      TypeName name = TypeName.get(type);
      all |= name.equals(THROWABLE);
      included.add(name);
    }
    if (included.isEmpty()) {
      included.add(EXCEPTION);
    }
    if (!all) {
      boolean parens = included.size() > 1 && !retry.noRetryFor().isEmpty();
      conditions.add(instanceOfAny(failure, included, parens));
    }
    List<TypeName> excluded = new ArrayList<>();
    for (TypeMirror type : retry.noRetryFor()) {
      excluded.add(TypeName.get(type));
    }
    if (!excluded.isEmpty()) {
      conditions.add(CodeBlock.of("!$L", instanceOfAny(failure, excluded, true)));
    }
    return joinWrapping(conditions, "&&");
  }

  private static CodeBlock instanceOfAny(String failure, List<TypeName> types, boolean parens) {
    List<CodeBlock> tests = new ArrayList<>();
    for (TypeName type : types) {
      tests.add(CodeBlock.of("$N instanceof $T", failure, type));
    }
    CodeBlock any = joinWrapping(tests, "||");
    return parens ? CodeBlock.of("($L)", any) : any;
  }

  /** {@code a op b op c}, free to wrap before each operator when the line gets long. */
  private static CodeBlock joinWrapping(List<CodeBlock> blocks, String operator) {
    CodeBlock.Builder joined = CodeBlock.builder();
    for (int i = 0; i < blocks.size(); i++) {
      joined.add(i == 0 ? "$L" : "$W" + operator + " $L", blocks.get(i));
    }
    return joined.build();
  }
}
