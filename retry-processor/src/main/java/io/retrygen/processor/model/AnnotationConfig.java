package io.retrygen.processor.model;

import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * The values of one of our annotations, read once, with where it was found: what every
 * diagnostic about it needs (the element, the annotation and the value that is wrong).
 *
 * <p>An annotation carried by a meta-annotation ({@code @DbRetry}) applies to the element the
 * meta-annotation is placed on, as if written there, but its values are written on the annotation
 * type. A rule about the values alone is reported there ({@link #declaredOn()}, {@link #mirror()},
 * {@link #explicit}); a rule that depends on where it applies (a method it names, the generated
 * class's package) is reported on {@link #annotatedElement()}, on {@link #useMirror()}, naming the
 * meta-annotation ({@link #ofMeta()}).
 */
public abstract class AnnotationConfig {
  private final Element annotatedElement;
  private final AnnotationMirror carrier;
  private final Mirrors.Values values;

  public AnnotationConfig(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    this.annotatedElement = annotatedElement;
    this.carrier = placed.carrier;
    this.values = Mirrors.values(elements, placed.mirror);
  }

  /** The values, defaults included, for the subclass to read. */
  public final Mirrors.Values values() {
    return values;
  }

  /**
   * The method or type the annotation applies to: where it is written, or where the
   * meta-annotation that carries it is placed.
   */
  public final Element annotatedElement() {
    return annotatedElement;
  }

  /** The annotation itself, wherever it is written. */
  public final AnnotationMirror mirror() {
    return values.mirror();
  }

  /** The value written for {@code attribute}, or null when it is defaulted: for report. */
  public final AnnotationValue explicit(String attribute) {
    return values.explicit(attribute);
  }

  /** The annotation type that carries it ({@code DbRetry}), or null when it is written directly. */
  public final TypeElement metaAnnotation() {
    return carrier == null ? null : (TypeElement) carrier.getAnnotationType().asElement();
  }

  /** Where the values are written: the meta-annotation's type, else the annotated element. */
  public final Element declaredOn() {
    return carrier == null ? annotatedElement : metaAnnotation();
  }

  /** What is written on {@link #annotatedElement()}: the meta-annotation, else the annotation. */
  public final AnnotationMirror useMirror() {
    return carrier == null ? values.mirror() : carrier;
  }

  /**
   * The value of {@code attribute} as written on {@link #annotatedElement()}: null when a
   * meta-annotation carries the annotation (the report then points at the meta-annotation).
   */
  public final AnnotationValue useValue(String attribute) {
    return carrier == null ? explicit(attribute) : null;
  }

  /** {@code " of @DbRetry"} when a meta-annotation carries it, else empty: for messages. */
  public final String ofMeta() {
    return carrier == null ? "" : " of @" + metaAnnotation().getSimpleName();
  }
}
