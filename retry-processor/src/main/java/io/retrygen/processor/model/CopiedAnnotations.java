package io.retrygen.processor.model;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.Visibility;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * The {@code RUNTIME}-retention annotations of an overridden method and of its parameters, which
 * the generated override carries too: a framework that reads annotations on the object's class
 * (Spring's {@code @Scheduled}, {@code @EventListener}, {@code @Transactional}, JAX-RS, Jackson)
 * must still see them on the generated class. {@code CLASS} and {@code SOURCE} retention are not
 * copied, nor retrygen's own annotations and annotations that stand for them, nor an annotation the
 * generated class could not name (a type, class literal or enum constant it cannot see from its
 * package).
 */
public final class CopiedAnnotations {
  private static final String DEPRECATED = "java.lang.Deprecated";

  private final List<AnnotationMirror> method;
  private final List<List<AnnotationMirror>> parameters;
  private final boolean deprecated;

  private CopiedAnnotations(
      List<AnnotationMirror> method, List<List<AnnotationMirror>> parameters, boolean deprecated) {
    this.method = method;
    this.parameters = parameters;
    this.deprecated = deprecated;
  }

  /** The annotations to copy from {@code method} to an override in package {@code target}. */
  public static CopiedAnnotations of(ExecutableElement method, PackageElement target) {
    boolean deprecated = false;
    for (AnnotationMirror annotation : method.getAnnotationMirrors()) {
      deprecated |= nameOf(annotation).equals(DEPRECATED);
    }
    List<List<AnnotationMirror>> parameters = new ArrayList<>();
    for (VariableElement parameter : method.getParameters()) {
      parameters.add(copies(parameter, target));
    }
    return new CopiedAnnotations(
        copies(method, target), Collections.unmodifiableList(parameters), deprecated);
  }

  /** The method's annotations to copy, in source order ({@code @Deprecated} among them). */
  public List<AnnotationMirror> method() {
    return method;
  }

  /** The annotations to copy to the parameter at {@code index}. */
  public List<AnnotationMirror> parameter(int index) {
    return parameters.get(index);
  }

  /** Whether {@code @Deprecated} is among {@link #method()}, as written (since, forRemoval). */
  public boolean copiesDeprecated() {
    return deprecated;
  }

  private static List<AnnotationMirror> copies(Element element, PackageElement target) {
    List<AnnotationMirror> copies = new ArrayList<>();
    for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
      if (isCopied(annotation, target)) {
        copies.add(annotation);
      }
    }
    return Collections.unmodifiableList(copies);
  }

  private static boolean isCopied(AnnotationMirror annotation, PackageElement target) {
    TypeElement type = (TypeElement) annotation.getAnnotationType().asElement();
    Retention retention = type.getAnnotation(Retention.class);
    if (retention == null || retention.value() != RetentionPolicy.RUNTIME) {
      return false;
    }
    if (GeneratedNames.packageOf(type).getQualifiedName().contentEquals(AnnotationNames.API_PACKAGE)
        || standsForOurs(type)) {
      return false;
    }
    return visible(annotation, target);
  }

  /** Whether {@code type} carries one of retrygen's annotations: it stands for that one. */
  private static boolean standsForOurs(TypeElement type) {
    for (AnnotationMirror meta : type.getAnnotationMirrors()) {
      TypeElement metaType = (TypeElement) meta.getAnnotationType().asElement();
      if (GeneratedNames.packageOf(metaType)
          .getQualifiedName()
          .contentEquals(AnnotationNames.API_PACKAGE)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the generated class in {@code target} can name everything {@code annotation} holds. */
  private static boolean visible(AnnotationMirror annotation, PackageElement target) {
    if (!Visibility.isAccessibleFrom(
        (TypeElement) annotation.getAnnotationType().asElement(), target)) {
      return false;
    }
    for (AnnotationValue value : annotation.getElementValues().values()) {
      if (!visible(value.getValue(), target)) {
        return false;
      }
    }
    return true;
  }

  private static boolean visible(Object value, PackageElement target) {
    if (value instanceof TypeMirror) {
      TypeMirror type = (TypeMirror) value;
      while (type.getKind() == TypeKind.ARRAY) {
        type = ((ArrayType) type).getComponentType();
      }
      return type.getKind() != TypeKind.DECLARED
          || Visibility.isAccessibleFrom(
              (TypeElement) ((DeclaredType) type).asElement(), target);
    }
    if (value instanceof VariableElement) { // an enum constant
      return Visibility.isAccessibleFrom(
          (TypeElement) ((VariableElement) value).getEnclosingElement(), target);
    }
    if (value instanceof AnnotationMirror) {
      return visible((AnnotationMirror) value, target);
    }
    if (value instanceof List) {
      for (Object element : (List<?>) value) {
        if (!visible(((AnnotationValue) element).getValue(), target)) {
          return false;
        }
      }
    }
    return true;
  }

  private static String nameOf(AnnotationMirror annotation) {
    return ((TypeElement) annotation.getAnnotationType().asElement())
        .getQualifiedName()
        .toString();
  }

}
