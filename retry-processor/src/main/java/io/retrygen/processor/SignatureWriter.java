package io.retrygen.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.MethodSpec;
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

/** The declaration of a generated override: the overridden method's signature, exactly. */
final class SignatureWriter {
  private SignatureWriter() {}

  /**
   * The method's signature exactly: visibility, type parameters, parameter names, varargs and
   * {@code throws}; with {@code @Override}, {@code @Deprecated} when the overridden method is, and
   * the {@code @SuppressWarnings} the signature itself needs under {@code -Xlint:all}.
   */
  static MethodSpec.Builder signature(GuardedMethod guarded, boolean inInterface) {
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
    if (inInterface || method.getModifiers().contains(Modifier.PUBLIC)) {
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
