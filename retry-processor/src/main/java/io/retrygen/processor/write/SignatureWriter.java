package io.retrygen.processor.write;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.ParameterSpec;
import io.retrygen.processor.elements.TypeFacts;
import io.retrygen.processor.model.CopiedAnnotations;
import io.retrygen.processor.model.DeprecatedUses;
import io.retrygen.processor.model.GuardedMethod;
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

/** The declaration of a generated override: the overridden method's signature, exactly. */
public final class SignatureWriter {
  private SignatureWriter() {}

  /**
   * The method's signature exactly: visibility, type parameters, parameter names, varargs and
   * {@code throws}; with {@code @Override}, {@code @Deprecated} when the overridden method is, the
   * {@code RUNTIME} annotations of the method and its parameters ({@link CopiedAnnotations}), and
   * the {@code @SuppressWarnings} the signature and the calls of the body need under {@code
   * -Xlint:all}.
   *
   * @param typeUses what the generated class suppresses as a whole
   */
  static MethodSpec.Builder signature(
      GuardedMethod guarded,
      boolean inInterface,
      OverrideTypes types,
      DeprecatedUses typeUses) {
    ExecutableElement method = guarded.method();
    MethodSpec.Builder builder =
        MethodSpec.methodBuilder(method.getSimpleName().toString()).addAnnotation(Override.class);
    CopiedAnnotations copied = guarded.annotations();
    if (guarded.deprecated() && !copied.copiesDeprecated()) {
      builder.addAnnotation(Deprecated.class);
    }
    builder.addAnnotations(AnnotationCopies.method(copied));
    List<String> warnings =
        warnings(
            guarded.type().getReturnType(), guarded.type().getParameterTypes(), method.isVarArgs());
    warnings.addAll(0, deprecations(guarded.deprecatedUses(), guarded.deprecated(), typeUses));
    if (guarded.callsUnchecked() && !warnings.contains("unchecked")) {
      warnings.add("unchecked");
    }
    if (!warnings.isEmpty()) {
      builder.addAnnotation(suppressWarningsOf(warnings));
    }
    if (inInterface || method.getModifiers().contains(Modifier.PUBLIC)) {
      builder.addModifiers(Modifier.PUBLIC);
    } else if (method.getModifiers().contains(Modifier.PROTECTED)) {
      builder.addModifiers(Modifier.PROTECTED);
    }
    builder.addTypeVariables(types.typeVariables());
    builder.returns(types.get(guarded.type().getReturnType()));
    List<? extends TypeMirror> parameterTypes = guarded.type().getParameterTypes();
    for (int i = 0; i < parameterTypes.size(); i++) {
      builder.addParameter(
          ParameterSpec.builder(
                  types.get(parameterTypes.get(i)),
                  method.getParameters().get(i).getSimpleName().toString())
              .addAnnotations(AnnotationCopies.parameter(copied, i))
              .build());
    }
    builder.varargs(method.isVarArgs());
    for (TypeMirror thrown : guarded.type().getThrownTypes()) {
      builder.addException(types.get(thrown));
    }
    return builder;
  }

  /**
   * The {@code @SuppressWarnings} that a method or constructor declaration with these types needs
   * under {@code -Xlint:all}, null if none: {@code "rawtypes"} for a raw type in the signature,
   * {@code "unchecked"} for a varargs parameter of a non-reifiable type (heap pollution).
   *
   * @param returnType null for a constructor
   */
  static AnnotationSpec suppressWarnings(
      TypeMirror returnType, List<? extends TypeMirror> parameterTypes, boolean varargs) {
    return suppressWarnings(warnings(returnType, parameterTypes, varargs));
  }

  /** {@code "rawtypes"} and {@code "unchecked"} as {@link #suppressWarnings} needs them. */
  static List<String> warnings(
      TypeMirror returnType, List<? extends TypeMirror> parameterTypes, boolean varargs) {
    boolean raw = returnType != null && isRaw(returnType);
    for (TypeMirror parameter : parameterTypes) {
      raw |= isRaw(parameter);
    }
    boolean unchecked =
        varargs
            && !TypeFacts.isReifiable(
                ((ArrayType) parameterTypes.get(parameterTypes.size() - 1)).getComponentType());
    List<String> warnings = new ArrayList<>();
    if (raw) {
      warnings.add("rawtypes");
    }
    if (unchecked) {
      warnings.add("unchecked");
    }
    return warnings;
  }

  /**
   * {@code "deprecation"} and {@code "removal"} as a member that names {@code uses} needs them:
   * uses inside a deprecated member do not warn of deprecation, but do of removal.
   *
   * @param deprecated whether the member is {@code @Deprecated}
   * @param typeUses what the generated class suppresses as a whole
   */
  static List<String> deprecations(
      DeprecatedUses uses, boolean deprecated, DeprecatedUses typeUses) {
    List<String> warnings = new ArrayList<>();
    if (uses.deprecated() && !deprecated && !typeUses.deprecated()) {
      warnings.add("deprecation");
    }
    if (uses.forRemoval() && !typeUses.forRemoval()) {
      warnings.add("removal");
    }
    return warnings;
  }

  /** {@code @SuppressWarnings} with {@code warnings}; null if there is none. */
  static AnnotationSpec suppressWarnings(List<String> warnings) {
    if (warnings.isEmpty()) {
      return null;
    }
    return suppressWarningsOf(warnings);
  }

  private static AnnotationSpec suppressWarningsOf(List<String> warnings) {
    AnnotationSpec.Builder suppress = AnnotationSpec.builder(SuppressWarnings.class);
    for (String warning : warnings) {
      suppress.addMember("value", "$S", warning);
    }
    return suppress.build();
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
}
