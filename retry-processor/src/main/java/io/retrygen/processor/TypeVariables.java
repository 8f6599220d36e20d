package io.retrygen.processor;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeVariableName;
import com.squareup.javapoet.WildcardTypeName;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * The type parameters of a method as the generated class must declare them. {@code
 * Types.asMemberOf} substitutes the declaring type's type variables in a method's parameter and
 * return types, but not in the bounds of the method's own type parameters: {@code <C extends
 * Collection<? super T>>} inherited from {@code Box<Integer>} must read {@code <C extends
 * Collection<? super Integer>>} in the subclass, where {@code T} does not exist.
 */
final class TypeVariables {
  private TypeVariables() {}

  static List<TypeVariableName> of(Types types, TypeElement input, ExecutableElement method) {
    Map<String, TypeName> substitution = new HashMap<>();
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    DeclaredType asSeen = supertype(types, (DeclaredType) input.asType(), owner);
    if (asSeen != null && asSeen.getTypeArguments().size() == owner.getTypeParameters().size()) {
      for (int i = 0; i < owner.getTypeParameters().size(); i++) {
        substitution.put(
            owner.getTypeParameters().get(i).getSimpleName().toString(),
            TypeName.get(asSeen.getTypeArguments().get(i)));
      }
    }
    for (TypeParameterElement parameter : method.getTypeParameters()) {
      substitution.remove(parameter.getSimpleName().toString()); // the method's own shadow them
    }
    List<TypeVariableName> variables = new ArrayList<>();
    for (TypeParameterElement parameter : method.getTypeParameters()) {
      List<TypeName> bounds = new ArrayList<>();
      for (TypeMirror bound : parameter.getBounds()) {
        TypeName name = TypeName.get(bound);
        if (!name.equals(TypeName.OBJECT)) {
          bounds.add(substitute(name, substitution));
        }
      }
      variables.add(
          TypeVariableName.get(
              parameter.getSimpleName().toString(), bounds.toArray(new TypeName[0])));
    }
    return variables;
  }

  /** {@code owner} as a supertype of {@code type}, with its type arguments; null if none. */
  private static DeclaredType supertype(Types types, DeclaredType type, TypeElement owner) {
    Deque<TypeMirror> queue = new ArrayDeque<>();
    queue.add(type);
    while (!queue.isEmpty()) {
      TypeMirror next = queue.remove();
      if (next.getKind() == TypeKind.DECLARED
          && ((DeclaredType) next).asElement().equals(owner)) {
        return (DeclaredType) next;
      }
      queue.addAll(types.directSupertypes(next));
    }
    return null;
  }

  private static TypeName substitute(TypeName type, Map<String, TypeName> substitution) {
    if (type instanceof TypeVariableName) {
      TypeName replacement = substitution.get(((TypeVariableName) type).name);
      return replacement != null ? replacement : type;
    }
    if (type instanceof ParameterizedTypeName) {
      ParameterizedTypeName parameterized = (ParameterizedTypeName) type;
      List<TypeName> arguments = new ArrayList<>();
      for (TypeName argument : parameterized.typeArguments) {
        arguments.add(substitute(argument, substitution));
      }
      return ParameterizedTypeName.get(parameterized.rawType, arguments.toArray(new TypeName[0]));
    }
    if (type instanceof WildcardTypeName) {
      WildcardTypeName wildcard = (WildcardTypeName) type;
      return wildcard.lowerBounds.isEmpty()
          ? WildcardTypeName.subtypeOf(substitute(wildcard.upperBounds.get(0), substitution))
          : WildcardTypeName.supertypeOf(substitute(wildcard.lowerBounds.get(0), substitution));
    }
    if (type instanceof ArrayTypeName) {
      return ArrayTypeName.of(substitute(((ArrayTypeName) type).componentType, substitution));
    }
    return type;
  }
}
