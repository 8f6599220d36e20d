package io.retrygen.processor.elements;

import com.squareup.javapoet.TypeName;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/** Facts about types that both reading and writing ask. */
public final class TypeFacts {
  private TypeFacts() {}

  /**
   * JLS 4.7, as the generated code writes {@code type}: a varargs parameter of a non-reifiable
   * type warns of heap pollution, and an unchecked conversion to one warns too.
   */
  public static boolean isReifiable(TypeMirror type) {
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
          TypeMirror extendsBound = wildcard.getExtendsBound();
          // JavaPoet writes ? extends Object as ?, and javac does not warn for List<?>... (it
          // does for List<? extends Object>... as written in the input).
          boolean unbounded =
              wildcard.getSuperBound() == null
                  && (extendsBound == null || TypeName.get(extendsBound).equals(TypeName.OBJECT));
          if (!unbounded) {
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
