package io.retrygen.processor.elements;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Inputs that are {@code AutoCloseable} with a {@code close()} that may throw {@code
 * InterruptedException} (as {@code AutoCloseable}'s own, which throws {@code Exception}): javac
 * warns under {@code -Xlint:try} on every such class, the generated one included, and on the
 * class only, as a try-with-resources on it could suppress the interruption.
 */
public final class AutoCloseables {
  private AutoCloseables() {}

  /** Whether javac warns "has a member method close() that could throw InterruptedException". */
  public static boolean closeMayThrowInterruption(
      TypeElement type, Elements elements, Types types) {
    TypeElement autoCloseable = elements.getTypeElement("java.lang.AutoCloseable");
    TypeMirror erased = types.erasure(type.asType());
    if (autoCloseable == null
        || !types.isSubtype(erased, autoCloseable.asType())
        || type.equals(autoCloseable)) {
      return false;
    }
    TypeMirror interrupted = elements.getTypeElement("java.lang.InterruptedException").asType();
    List<ExecutableType> closes = new ArrayList<>();
    for (Element member : elements.getAllMembers(type)) {
      if (member.getKind() == ElementKind.METHOD
          && member.getSimpleName().contentEquals("close")
          && ((ExecutableElement) member).getParameters().isEmpty()
          && !member.getModifiers().contains(Modifier.STATIC)) {
        closes.add(
            (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), member));
      }
    }
    // Inherited from two interfaces, close() throws only what both allow.
    boolean mayThrow = !closes.isEmpty();
    for (ExecutableType close : closes) {
      boolean covers = false;
      for (TypeMirror thrown : close.getThrownTypes()) {
        covers |= types.isSubtype(interrupted, thrown);
      }
      mayThrow &= covers;
    }
    return mayThrow;
  }
}
