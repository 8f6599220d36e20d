package io.retrygen.processor.write;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeVariableName;
import com.squareup.javapoet.WildcardTypeName;
import io.retrygen.processor.model.GuardedMethod;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * The types of a method as its override in the generated class writes them: the method's type
 * variables with their bounds as a member of the input, each under its own name unless a type
 * variable of the generated class (the input's) has that name. {@code <R extends List<A>> void
 * m(A a, R r)} of {@code Base<A>}, inherited by {@code Foo<R> extends Base<R>}, becomes {@code <R2
 * extends List<R>> void m(R a, R2 r)} in {@code FooRetrying<R>}: written with {@code R}, the
 * method's variable would capture the class's.
 */
public final class OverrideTypes {
  /** Each type variable of the method, by its element, and its name in the override. */
  private final Map<Element, String> names;
  private final List<? extends TypeVariable> typeVariables;
  private final boolean renamed;

  private OverrideTypes(
      Map<Element, String> names, List<? extends TypeVariable> typeVariables, boolean renamed) {
    this.names = names;
    this.typeVariables = typeVariables;
    this.renamed = renamed;
  }

  static OverrideTypes of(GuardedMethod method, TypeElement input) {
    Set<String> classNames = new HashSet<>();
    for (TypeParameterElement typeParameter : input.getTypeParameters()) {
      classNames.add(typeParameter.getSimpleName().toString());
    }
    List<? extends TypeVariable> typeVariables = method.type().getTypeVariables();
    Set<String> taken = new HashSet<>(classNames);
    for (TypeVariable typeVariable : typeVariables) {
      taken.add(typeVariable.asElement().getSimpleName().toString());
    }
    Map<Element, String> names = new LinkedHashMap<>();
    boolean renamed = false;
    for (TypeVariable typeVariable : typeVariables) {
      String name = typeVariable.asElement().getSimpleName().toString();
      if (classNames.contains(name)) {
        String fresh = name;
        for (int i = 2; taken.contains(fresh); i++) {
          fresh = name + i;
        }
        taken.add(fresh);
        name = fresh;
        renamed = true;
      }
      names.put(typeVariable.asElement(), name);
    }
    return new OverrideTypes(names, typeVariables, renamed);
  }

  /**
   * The declarations of the method's type variables. Their bounds come from the member type, not
   * from {@code TypeVariableName.get(element)}, which would name the supertype's type parameters
   * ({@code <T extends List<A>>} declared in {@code Base<A>}, inherited as {@code Base<String>}).
   */
  List<TypeVariableName> typeVariables() {
    List<TypeVariableName> declarations = new ArrayList<>();
    for (TypeVariable typeVariable : typeVariables) {
      TypeMirror upperBound = typeVariable.getUpperBound();
      List<TypeName> bounds = new ArrayList<>();
      if (upperBound.getKind() == TypeKind.INTERSECTION) {
        for (TypeMirror bound : ((IntersectionType) upperBound).getBounds()) {
          bounds.add(get(bound));
        }
      } else {
        bounds.add(get(upperBound));
      }
      bounds.remove(TypeName.OBJECT);
      declarations.add(
          TypeVariableName.get(
              names.get(typeVariable.asElement()), bounds.toArray(new TypeName[0])));
    }
    return declarations;
  }

  /**
   * {@code <T, U>} for calling the method from its override, nothing if it is not generic. Left
   * to inference, the call could get other type arguments than the override's own variables: a
   * variable that only a {@code throws} clause constrains becomes its bound (JLS 18.1.3, 18.4),
   * so {@code <E extends IOException> void m() throws E} would throw {@code IOException}; and
   * with wildcards in the signature ({@code Map<String, ? super U>}) inference can fail outright.
   */
  CodeBlock typeArguments() {
    if (names.isEmpty()) {
      return CodeBlock.of("");
    }
    return CodeBlock.of("<$L>", String.join(", ", names.values()));
  }

  /** {@code TypeName.get(type)}, with the method's renamed type variables. */
  TypeName get(TypeMirror type) {
    if (!renamed) {
      return TypeName.get(type);
    }
    switch (type.getKind()) {
      case TYPEVAR:
        String name = names.get(((TypeVariable) type).asElement());
        return name != null ? TypeVariableName.get(name) : TypeName.get(type);
      case ARRAY:
        return ArrayTypeName.of(get(((ArrayType) type).getComponentType()));
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        if (wildcard.getSuperBound() != null) {
          return WildcardTypeName.supertypeOf(get(wildcard.getSuperBound()));
        }
        return WildcardTypeName.subtypeOf(
            wildcard.getExtendsBound() != null ? get(wildcard.getExtendsBound()) : TypeName.OBJECT);
      case DECLARED:
        return declared((DeclaredType) type);
      default:
        return TypeName.get(type);
    }
  }

  /** As JavaPoet does it: an inner class of a parameterized type is nested in that type. */
  private TypeName declared(DeclaredType type) {
    TypeElement element = (TypeElement) type.asElement();
    ClassName raw = ClassName.get(element);
    List<TypeName> arguments = new ArrayList<>();
    for (TypeMirror argument : type.getTypeArguments()) {
      arguments.add(get(argument));
    }
    TypeMirror enclosing = type.getEnclosingType();
    if (enclosing.getKind() == TypeKind.DECLARED
        && !element.getModifiers().contains(Modifier.STATIC)) {
      TypeName outer = get(enclosing);
      if (outer instanceof ParameterizedTypeName) {
        return ((ParameterizedTypeName) outer)
            .nestedClass(raw.simpleName(), arguments);
      }
    }
    return arguments.isEmpty()
        ? raw
        : ParameterizedTypeName.get(raw, arguments.toArray(new TypeName[0]));
  }

  /** {@code <T, U>} for calling a generic constructor from the generated one, else nothing. */
  static CodeBlock typeArguments(List<? extends TypeParameterElement> typeParameters) {
    List<String> names = new ArrayList<>();
    for (TypeParameterElement typeParameter : typeParameters) {
      names.add(typeParameter.getSimpleName().toString());
    }
    return names.isEmpty() ? CodeBlock.of("") : CodeBlock.of("<$L>", String.join(", ", names));
  }
}
