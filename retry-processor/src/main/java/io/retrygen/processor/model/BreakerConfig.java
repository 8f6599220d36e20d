package io.retrygen.processor.model;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import java.util.List;
import java.util.Locale;
import javax.lang.model.element.Element;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/** The values of one winning {@code @CircuitBreaker}, used whole (attributes are never merged). */
public final class BreakerConfig extends AnnotationConfig {
  private final List<TypeMirror> failOn;
  private final List<TypeMirror> skipOn;
  private final int requestVolumeThreshold;
  private final double failureRatio;
  private final long delay;
  private final int successThreshold;
  private final String name;

  private BreakerConfig(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    super(elements, annotatedElement, placed);
    Mirrors.Values values = values();
    this.failOn = values.typeList("failOn");
    this.skipOn = values.typeList("skipOn");
    this.requestVolumeThreshold = values.intValue("requestVolumeThreshold");
    this.failureRatio = values.doubleValue("failureRatio");
    this.delay = values.longValue("delay");
    this.successThreshold = values.intValue("successThreshold");
    this.name = values.stringValue("name");
  }

  /** Reads the {@code @CircuitBreaker} {@code mirror} that applies to {@code annotatedElement}. */
  public static BreakerConfig read(
      Elements elements, Element annotatedElement, MetaAnnotations.Placed placed) {
    return new BreakerConfig(elements, annotatedElement, placed);
  }

  /** As written; empty means {@code Exception}. */
  public List<TypeMirror> failOn() {
    return failOn;
  }

  public List<TypeMirror> skipOn() {
    return skipOn;
  }

  public int requestVolumeThreshold() {
    return requestVolumeThreshold;
  }

  public double failureRatio() {
    return failureRatio;
  }

  public long delay() {
    return delay;
  }

  public int successThreshold() {
    return successThreshold;
  }

  /** As written; empty means one breaker per generated instance and method. */
  public String name() {
    return name;
  }

  /**
   * The settings two breakers of one name share at run time, as a message shows them:
   * {@code requestVolumeThreshold = 20, failureRatio = 0.5, delay = 5000, successThreshold = 1}.
   */
  public String settings() {
    return String.format(
        Locale.ROOT,
        "requestVolumeThreshold = %d, failureRatio = %s, delay = %d, successThreshold = %d",
        requestVolumeThreshold, Messages.number(failureRatio), delay, successThreshold);
  }
}
