package io.retrygen.processor.elements;

import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;

/** What the generated class, a top-level class of the input's package, can see and override. */
public final class Visibility {
  private Visibility() {}

  /** Whether code in {@code pkg} can name {@code type}. */
  public static boolean isAccessibleFrom(TypeElement type, PackageElement pkg) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      Set<Modifier> modifiers = e.getModifiers();
      if (modifiers.contains(Modifier.PRIVATE)) {
        return false;
      }
      if (!modifiers.contains(Modifier.PUBLIC)
          && !GeneratedNames.packageOf(e).equals(pkg)) {
        return false;
      }
    }
    return true;
  }
  /**
   * Whether the generated class can override {@code method}: not final, and visible from the
   * input's package (a package-private method of a superclass elsewhere is not).
   */
  public static boolean overridable(TypeElement type, ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.FINAL)
        || modifiers.contains(Modifier.STATIC)
        || modifiers.contains(Modifier.PRIVATE)) {
      return false;
    }
    return isVisible(type, method);
  }
  /** Whether the generated class, in the input's package, can call non-private {@code method}. */
  public static boolean isVisible(TypeElement type, ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.PUBLIC) || modifiers.contains(Modifier.PROTECTED)) {
      return true;
    }
    return GeneratedNames.packageOf(method).equals(GeneratedNames.packageOf(type));
  }
}
