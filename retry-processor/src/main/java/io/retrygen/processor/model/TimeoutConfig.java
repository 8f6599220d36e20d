package io.retrygen.processor.model;

import io.retrygen.processor.elements.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** The value of one winning {@code @Timeout}: how long each attempt may take. */
public final class TimeoutConfig extends AnnotationConfig {
  private final long millis;

  private TimeoutConfig(Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    super(elements, annotatedElement, mirror);
    Mirrors.Values values = values();
    this.millis = values.longValue("value");
  }

  /** Reads the {@code @Timeout} {@code mirror} found on {@code annotatedElement}. */
  public static TimeoutConfig read(
      Elements elements, Element annotatedElement, AnnotationMirror mirror) {
    return new TimeoutConfig(elements, annotatedElement, mirror);
  }

  /** Milliseconds each attempt may take ({@code value}); valid when {@code > 0}. */
  public long millis() {
    return millis;
  }
}
