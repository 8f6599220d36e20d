package io.retrygen.processor.elements;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
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
import javax.lang.model.util.Types;

/**
 * Reads annotation values as mirrors. Never {@code element.getAnnotation(Retryable.class)}: its
 * {@code Class[]} attributes throw {@code MirroredTypesException}, and the report need the
 * {@link AnnotationValue} that was written anyway.
 */
public final class Mirrors {
  private Mirrors() {}

  /** The annotation of type {@code qualifiedName} present on {@code element}, or null. */
  public static AnnotationMirror find(Element element, String qualifiedName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(qualifiedName)) {
        return mirror;
      }
    }
    return null;
  }

  /** The value written for {@code name}, or null when the attribute is defaulted. */
  public static AnnotationValue explicitValue(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /**
   * The values of {@code mirror}, written or defaulted, read with one call of {@code
   * getElementValuesWithDefaults}: read an annotation through this once, into a value object.
   */
  public static Values values(Elements elements, AnnotationMirror mirror) {
    Map<String, AnnotationValue> values = new HashMap<>();
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      values.put(entry.getKey().getSimpleName().toString(), entry.getValue());
    }
    return new Values(mirror, values);
  }

  /** The attribute values of one annotation mirror, by attribute name. */
  public static final class Values {
    private final AnnotationMirror mirror;
    private final Map<String, AnnotationValue> values;

    private Values(AnnotationMirror mirror, Map<String, AnnotationValue> values) {
      this.mirror = mirror;
      this.values = values;
    }

    public AnnotationMirror mirror() {
      return mirror;
    }

    /** The value written for {@code name}, or null when the attribute is defaulted. */
    public AnnotationValue explicit(String name) {
      return explicitValue(mirror, name);
    }

    public int intValue(String name) {
      return ((Number) get(name)).intValue();
    }

    public long longValue(String name) {
      return ((Number) get(name)).longValue();
    }

    public double doubleValue(String name) {
      return ((Number) get(name)).doubleValue();
    }

    public boolean booleanValue(String name) {
      return (Boolean) get(name);
    }

    public String stringValue(String name) {
      return (String) get(name);
    }

    public AnnotationMirror annotationValue(String name) {
      return (AnnotationMirror) get(name);
    }

    /** See {@link Mirrors#typeList}. */
    public List<TypeMirror> typeList(String name) {
      return Mirrors.typeList(value(name));
    }

    private AnnotationValue value(String name) {
      AnnotationValue value = values.get(name);
      if (value == null) {
        throw new IllegalArgumentException(mirror + " has no attribute " + name);
      }
      return value;
    }

    private Object get(String name) {
      return value(name).getValue();
    }
  }

  /**
   * The types of a {@code Class[]} attribute, in the order written. A class that does not resolve
   * (javac hands us the string {@code "<error>"} or an error type) is a {@link
   * MissingTypeException}: it may be generated in a later round.
   */
  private static List<TypeMirror> typeList(AnnotationValue value) {
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

  /**
   * The class literal {@code type} as written in the {@code Class[]} attribute {@code name}, so
   * that javac puts the caret on it rather than on the whole array; the attribute's value if it
   * is not found there.
   */
  public static AnnotationValue classValue(
      Types types, AnnotationMirror mirror, String name, TypeMirror type) {
    AnnotationValue written = explicitValue(mirror, name);
    if (written != null && written.getValue() instanceof List) {
      for (Object each : (List<?>) written.getValue()) {
        if (each instanceof AnnotationValue
            && ((AnnotationValue) each).getValue() instanceof TypeMirror
            && types.isSameType((TypeMirror) ((AnnotationValue) each).getValue(), type)) {
          return (AnnotationValue) each;
        }
      }
    }
    return written;
  }
}
