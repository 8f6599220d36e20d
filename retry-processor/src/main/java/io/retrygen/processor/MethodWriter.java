package io.retrygen.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

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
    MethodSpec.Builder builder = signature(method);
    NameAllocator names = new NameAllocator();
    List<String> arguments = new ArrayList<>();
    for (ParameterSpec parameter : builder.build().parameters) {
      arguments.add(names.newName(parameter.name, parameter.name));
    }
    CodeBlock call = call(method, String.join(", ", arguments));
    TypeName returnType = TypeName.get(method.type().getReturnType());
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
    builder
        .addStatement("long $N = $N.nextDelay($N, $N)", delayMillis, retrier, attempt, startNanos)
        .beginControlFlow(
            "if ($1N >= 0 && $2N.backOff($3N, $4N, $5N, $1N))",
            delayMillis, retrier, attempt, startNanos, failure)
        .addStatement("continue")
        .endControlFlow();
    if (!retryable.isEmpty()) {
      builder.endControlFlow();
    }
    builder
        .addStatement("$N.failed($N, $N, $N)", retrier, attempt, startNanos, failure)
        .addStatement("throw $N", failure)
        .endControlFlow()
        .addStatement("$N.succeeded($N, $N)", retrier, attempt, startNanos);
    builder.addStatement(isVoid ? "return" : "return $N", result);
    builder.endControlFlow();
    return builder.build();
  }

  /** {@code this.delegate.m(args)} or {@code super.m(args)}. */
  private CodeBlock call(GuardedMethod method, String arguments) {
    return CodeBlock.of(
        model.isInterface() ? "this.delegate.$N($L)" : "super.$N($L)",
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

  /**
   * The method's signature exactly: visibility, type parameters, parameter names, varargs and
   * {@code throws}; with {@code @Override}, {@code @Deprecated} when the overridden method is, and
   * the {@code @SuppressWarnings} the signature itself needs under {@code -Xlint:all}.
   */
  private MethodSpec.Builder signature(GuardedMethod guarded) {
    ExecutableElement method = guarded.method();
    MethodSpec.Builder builder =
        MethodSpec.methodBuilder(method.getSimpleName().toString()).addAnnotation(Override.class);
    if (guarded.deprecated()) {
      builder.addAnnotation(Deprecated.class);
    }
    List<String> suppressed = new ArrayList<>();
    if (hasRawType(guarded)) {
      suppressed.add("rawtypes");
    }
    if (method.isVarArgs() && !isReifiable(lastParameterComponent(guarded))) {
      suppressed.add("unchecked");
    }
    if (!suppressed.isEmpty()) {
      AnnotationSpec.Builder suppress = AnnotationSpec.builder(SuppressWarnings.class);
      for (String warning : suppressed) {
        suppress.addMember("value", "$S", warning);
      }
      builder.addAnnotation(suppress.build());
    }
    if (model.isInterface() || method.getModifiers().contains(Modifier.PUBLIC)) {
      builder.addModifiers(Modifier.PUBLIC);
    } else if (method.getModifiers().contains(Modifier.PROTECTED)) {
      builder.addModifiers(Modifier.PROTECTED);
    }
    builder.addTypeVariables(guarded.typeVariables());
    builder.returns(TypeName.get(guarded.type().getReturnType()));
    List<? extends TypeMirror> parameterTypes = guarded.type().getParameterTypes();
    for (int i = 0; i < parameterTypes.size(); i++) {
      builder.addParameter(
          TypeName.get(parameterTypes.get(i)),
          method.getParameters().get(i).getSimpleName().toString());
    }
    builder.varargs(method.isVarArgs());
    for (TypeMirror thrown : guarded.type().getThrownTypes()) {
      builder.addException(TypeName.get(thrown));
    }
    return builder;
  }

  private static TypeMirror lastParameterComponent(GuardedMethod method) {
    List<? extends TypeMirror> parameters = method.type().getParameterTypes();
    return ((ArrayType) parameters.get(parameters.size() - 1)).getComponentType();
  }

  private static boolean hasRawType(GuardedMethod method) {
    if (isRaw(method.type().getReturnType())) {
      return true;
    }
    for (TypeMirror parameter : method.type().getParameterTypes()) {
      if (isRaw(parameter)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code type} is, or mentions, a generic type used without type arguments. */
  private static boolean isRaw(TypeMirror type) {
    switch (type.getKind()) {
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        TypeElement element = (TypeElement) declared.asElement();
        if (declared.getTypeArguments().isEmpty() && !element.getTypeParameters().isEmpty()) {
          return true;
        }
        for (TypeMirror argument : declared.getTypeArguments()) {
          if (isRaw(argument)) {
            return true;
          }
        }
        return declared.getEnclosingType().getKind() == TypeKind.DECLARED
            && isRaw(declared.getEnclosingType());
      case ARRAY:
        return isRaw(((ArrayType) type).getComponentType());
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        return (wildcard.getExtendsBound() != null && isRaw(wildcard.getExtendsBound()))
            || (wildcard.getSuperBound() != null && isRaw(wildcard.getSuperBound()));
      default:
        return false;
    }
  }

  /** JLS 4.7: a varargs parameter of a non-reifiable type warns of heap pollution. */
  private static boolean isReifiable(TypeMirror type) {
    switch (type.getKind()) {
      case TYPEVAR:
        return false;
      case ARRAY:
        return isReifiable(((ArrayType) type).getComponentType());
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        for (TypeMirror argument : declared.getTypeArguments()) {
          if (argument.getKind() != TypeKind.WILDCARD) {
            return false;
          }
          WildcardType wildcard = (WildcardType) argument;
          if (wildcard.getExtendsBound() != null || wildcard.getSuperBound() != null) {
            return false;
          }
        }
        return declared.getEnclosingType().getKind() != TypeKind.DECLARED
            || isReifiable(declared.getEnclosingType());
      default:
        return true;
    }
  }
}
