package io.retrygen.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.SimpleAnnotationValueVisitor8;

/**
 * Reads annotation values as mirrors. Never {@code element.getAnnotation(Retryable.class)}: its
 * {@code Class[]} attributes throw {@code MirroredTypesException}, and the diagnostics need the
 * {@link AnnotationValue} that was written anyway.
 */
final class Mirrors {
  private Mirrors() {}

  /** The annotation of type {@code qualifiedName} present on {@code element}, or null. */
  static AnnotationMirror find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(qualifiedName)) {
        return mirror;
      }
    }
    return null;
  }

  /** The value written for {@code name}, or null when the attribute is defaulted. */
  static AnnotationValue explicitValue(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /** The value of {@code name}, written or defaulted. */
  static AnnotationValue value(Elements elements, AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    throw new IllegalArgumentException(mirror + " has no attribute " + name);
  }

  static int intValue(Elements elements, AnnotationMirror mirror, String name) {
    return ((Number) value(elements, mirror, name).getValue()).intValue();
  }

  static long longValue(Elements elements, AnnotationMirror mirror, String name) {
    return ((Number) value(elements, mirror, name).getValue()).longValue();
  }

  static double doubleValue(Elements elements, AnnotationMirror mirror, String name) {
    return ((Number) value(elements, mirror, name).getValue()).doubleValue();
  }

  static boolean booleanValue(Elements elements, AnnotationMirror mirror, String name) {
    return (Boolean) value(elements, mirror, name).getValue();
  }

  static String stringValue(Elements elements, AnnotationMirror mirror, String name) {
    return (String) value(elements, mirror, name).getValue();
  }

  static AnnotationMirror annotationValue(
      Elements elements, AnnotationMirror mirror, String name) {
    return (AnnotationMirror) value(elements, mirror, name).getValue();
  }

  /**
   * The types of a {@code Class[]} attribute, in the order written. A class that does not resolve
   * (javac hands us the string {@code "<error>"} or an error type) is a {@link
   * MissingTypeException}: it may be generated in a later round.
   */
  static List<TypeMirror> typeList(Elements elements, AnnotationMirror mirror, String name) {
    AnnotationValue value = value(elements, mirror, name);
    List<TypeMirror> types = new ArrayList<>();
    value.accept(
        new SimpleAnnotationValueVisitor8<Void, Void>() {
          @Override
          public Void visitArray(List<? extends AnnotationValue> values, Void unused) {
            for (AnnotationValue each : values) {
              each.accept(this, null);
            }
            return null;
          }

          @Override
          public Void visitType(TypeMirror type, Void unused) {
            if (type.getKind() == TypeKind.ERROR) {
              throw new MissingTypeException(type.toString());
            }
            types.add(type);
            return null;
          }

          @Override
          protected Void defaultAction(Object other, Void unused) {
            throw new MissingTypeException(String.valueOf(other));
          }
        },
        null);
    return Collections.unmodifiableList(types);
  }
}
