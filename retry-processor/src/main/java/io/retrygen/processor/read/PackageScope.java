package io.retrygen.processor.read;

import io.retrygen.processor.elements.GeneratedNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The types a generated class sees by simple name because they are declared in its package, the
 * input's, or inherited. A type of the package shadows the {@code java.lang} type of the same name,
 * which is only imported on demand (JLS 6.4.1): in a package with a class {@code Throwable},
 * {@code catch (Throwable failure)} would catch that class.
 */
public final class PackageScope {
  private final Elements elements;
  /** The simple names of the types of {@code java.lang}, read once. */
  private Set<String> javaLangNames;

  PackageScope(Elements elements) {
    this.elements = elements;
  }

  /**
   * The simple names of the types of {@code input}'s package that are also names of {@code
   * java.lang} types, sorted: the generated code must write those {@code java.lang} types
   * qualified.
   */
  Set<String> shadowedJavaLangNames(TypeElement input) {
    PackageElement pkg = GeneratedNames.packageOf(input);
    Set<String> shadowed = new TreeSet<>();
    if (pkg.getQualifiedName().contentEquals("java.lang")) {
      return Collections.unmodifiableSet(shadowed);
    }
    Set<String> javaLang = javaLangNames();
    for (TypeElement type : ElementFilter.typesIn(pkg.getEnclosedElements())) {
      String name = type.getSimpleName().toString();
      if (javaLang.contains(name)) {
        shadowed.add(name);
      }
    }
    return Collections.unmodifiableSet(shadowed);
  }

  /**
   * The simple names that name a type in the generated class for {@code input} already, sorted:
   * the types of its package, the member types it inherits from the input and its supertypes, and
   * the input's type parameters. A nested class of the generated class must not take one.
   */
  Set<String> typeNamesInScope(TypeElement input) {
    Set<String> names = new TreeSet<>();
    for (TypeElement type :
        ElementFilter.typesIn(GeneratedNames.packageOf(input).getEnclosedElements())) {
      names.add(type.getSimpleName().toString());
    }
    addMemberTypes(input, names, new HashSet<TypeElement>());
    for (TypeParameterElement typeParameter : input.getTypeParameters()) {
      names.add(typeParameter.getSimpleName().toString());
    }
    return Collections.unmodifiableSet(names);
  }

  private static void addMemberTypes(TypeElement type, Set<String> names, Set<TypeElement> seen) {
    if (!seen.add(type)) {
      return;
    }
    for (TypeElement member : ElementFilter.typesIn(type.getEnclosedElements())) {
      names.add(member.getSimpleName().toString());
    }
    List<TypeMirror> supertypes = new ArrayList<>(type.getInterfaces());
    supertypes.add(type.getSuperclass());
    for (TypeMirror supertype : supertypes) {
      if (supertype.getKind() == TypeKind.DECLARED) {
        addMemberTypes((TypeElement) ((DeclaredType) supertype).asElement(), names, seen);
      }
    }
  }

  private Set<String> javaLangNames() {
    if (javaLangNames == null) {
      Set<String> names = new HashSet<>();
      PackageElement javaLang = elements.getPackageElement("java.lang");
      for (TypeElement type : ElementFilter.typesIn(javaLang.getEnclosedElements())) {
        names.add(type.getSimpleName().toString());
      }
      javaLangNames = names;
    }
    return javaLangNames;
  }
}
