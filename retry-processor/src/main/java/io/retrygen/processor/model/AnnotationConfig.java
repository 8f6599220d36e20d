package io.retrygen.processor.model;

import io.retrygen.processor.elements.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/**
 * The values of one of our annotations, read once, with where it was found: what every
 * diagnostic about it needs (the element, the annotation and the value that is wrong).
 */
public abstract class AnnotationConfig {
  private final Element annotatedElement;
  private final Mirrors.Values values;

  public AnnotationConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    this.annotatedElement = annotatedElement;
    this.values = Mirrors.values(elements, mirror);
  }

  /** The values, defaults included, for the subclass to read. */
  public final Mirrors.Values values() {
    return values;
  }

  /** The method or type that carries the annotation. */
  public final Element annotatedElement() {
    return annotatedElement;
  }

  public final AnnotationMirror mirror() {
    return values.mirror();
  }

  /** The value written for {@code attribute}, or null when it is defaulted: for report. */
  public final AnnotationValue explicit(String attribute) {
    return values.explicit(attribute);
  }
}
