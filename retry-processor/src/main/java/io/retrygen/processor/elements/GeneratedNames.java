package io.retrygen.processor.elements;

import com.squareup.javapoet.ClassName;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/**
 * Names derived from the input type: {@code com.acme.Outer.Client} gives {@code
 * com.acme.Outer_ClientRetrying}.
 */
public final class GeneratedNames {
  private GeneratedNames() {}

  /** The generated class, in the input's package, enclosing names joined with {@code _}. */
  public static ClassName retryingClass(TypeElement type) {
    ClassName input = ClassName.get(type);
    return ClassName.get(input.packageName(), String.join("_", input.simpleNames()) + "Retrying");
  }

  /** The type's name relative to its package: {@code Outer.Client}. */
  public static String relativeName(TypeElement type) {
    return String.join(".", ClassName.get(type).simpleNames());
  }

  public static PackageElement packageOf(Element element) {
    Element e = element;
    while (!(e instanceof PackageElement)) {
      e = e.getEnclosingElement();
    }
    return (PackageElement) e;
  }
}
