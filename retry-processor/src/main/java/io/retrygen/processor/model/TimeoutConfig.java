package io.retrygen.processor.model;

import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** The value of one winning {@code @Timeout}: how long each attempt may take. */
public final class TimeoutConfig extends AnnotationConfig {
  private final long millis;

  private TimeoutConfig(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    super(elements, annotatedElement, placed);
    Mirrors.Values values = values();
    this.millis = values.longValue("value");
  }

  /** Reads the {@code @Timeout} {@code mirror} that applies to {@code annotatedElement}. */
  public static TimeoutConfig read(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    return new TimeoutConfig(elements, annotatedElement, placed);
  }

  /** Milliseconds each attempt may take ({@code value}); valid when {@code > 0}. */
  public long millis() {
    return millis;
  }
}
