package io.retrygen.processor.model;

import io.retrygen.processor.elements.Mirrors;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.util.Elements;

/** The values of one {@code @Backoff}, nested, direct, or absent (then the defaults). */
public final class BackoffConfig {
  public static final long DEFAULT_DELAY = 1000L;
  public static final long EXPONENTIAL_CAP = 30000L;

  private final Mirrors.Values values;
  private final long delay;
  private final long maxDelay;
  private final double multiplier;
  private final boolean random;
  private final double jitter;
  private final String delayFor;

  private BackoffConfig(
      Mirrors.Values values,
      long delay,
      long maxDelay,
      double multiplier,
      boolean random,
      double jitter,
      String delayFor) {
    this.values = values;
    this.delay = delay;
    this.maxDelay = maxDelay;
    this.multiplier = multiplier;
    this.random = random;
    this.jitter = jitter;
    this.delayFor = delayFor;
  }

  public static BackoffConfig read(Elements elements, AnnotationMirror backoff) {
    Mirrors.Values values = Mirrors.values(elements, backoff);
    return new BackoffConfig(
        values,
        values.longValue("delay"),
        values.longValue("maxDelay"),
        values.doubleValue("multiplier"),
        values.booleanValue("random"),
        values.doubleValue("jitter"),
        values.stringValue("delayFor"));
  }

  /** The {@code @Backoff} these values were read from. */
  public AnnotationMirror mirror() {
    return values.mirror();
  }

  /** The value written for {@code attribute}, or null when it is defaulted: for report. */
  public AnnotationValue explicit(String attribute) {
    return values.explicit(attribute);
  }

  public long delay() {
    return delay;
  }

  public long maxDelay() {
    return maxDelay;
  }

  public double multiplier() {
    return multiplier;
  }

  public boolean random() {
    return random;
  }

  public double jitter() {
    return jitter;
  }

  /** The name of the {@code delayFor} method(s), empty for none. */
  public String delayFor() {
    return delayFor;
  }

  public boolean exponential() {
    return multiplier > 1.0;
  }

  /** A fixed 1000 ms wait, with nothing else set: {@code BackoffPolicy.defaultPolicy()}. */
  public boolean isDefault() {
    return delay == DEFAULT_DELAY && maxDelay == 0 && !exponential() && !random && jitter == 0;
  }
}
