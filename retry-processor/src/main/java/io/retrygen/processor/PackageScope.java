package io.retrygen.processor;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * The types a generated class sees by simple name because they are declared in its package, the
 * input's. Such a type shadows the {@code java.lang} type of the same name, which is only imported
 * on demand (JLS 6.4.1): in a package with a class {@code Throwable}, {@code catch (Throwable
 * failure)} would catch that class.
 */
final class PackageScope {
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
