package io.retrygen.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/**
 * The values of one of our annotations, read once, with where it was found: what every
 * diagnostic about it needs (the element, the annotation and the value that is wrong).
 */
abstract class AnnotationConfig {
  private final Element annotatedElement;
  private final Mirrors.Values values;

  AnnotationConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    this.annotatedElement = annotatedElement;
    this.values = Mirrors.values(elements, mirror);
  }

  /** The values, defaults included, for the subclass to read. */
  final Mirrors.Values values() {
    return values;
  }

  /** The method or type that carries the annotation. */
  final Element annotatedElement() {
    return annotatedElement;
  }

  final AnnotationMirror mirror() {
    return values.mirror();
  }

  /** The value written for {@code attribute}, or null when it is defaulted: for report. */
  final AnnotationValue explicit(String attribute) {
    return values.explicit(attribute);
  }
}
