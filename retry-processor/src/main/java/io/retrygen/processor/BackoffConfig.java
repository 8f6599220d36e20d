package io.retrygen.processor;

import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.util.Elements;

/** The values of one {@code @Backoff}, nested, direct, or absent (then the defaults). */
final class BackoffConfig {
  static final long DEFAULT_DELAY = 1000L;
  static final long EXPONENTIAL_CAP = 30000L;

  private final AnnotationMirror mirror;
  private final long delay;
  private final long maxDelay;
  private final double multiplier;
  private final boolean random;
  private final double jitter;

  private BackoffConfig(
      AnnotationMirror mirror,
      long delay,
      long maxDelay,
      double multiplier,
      boolean random,
      double jitter) {
    this.mirror = mirror;
    this.delay = delay;
    this.maxDelay = maxDelay;
    this.multiplier = multiplier;
    this.random = random;
    this.jitter = jitter;
  }

  static BackoffConfig read(Elements elements, AnnotationMirror backoff) {
    return new BackoffConfig(
        backoff,
        Mirrors.longValue(elements, backoff, "delay"),
        Mirrors.longValue(elements, backoff, "maxDelay"),
        Mirrors.doubleValue(elements, backoff, "multiplier"),
        Mirrors.booleanValue(elements, backoff, "random"),
        Mirrors.doubleValue(elements, backoff, "jitter"));
  }

  /** The {@code @Backoff} these values were read from. */
  AnnotationMirror mirror() {
    return mirror;
  }

  long delay() {
    return delay;
  }

  long maxDelay() {
    return maxDelay;
  }

  double multiplier() {
    return multiplier;
  }

  boolean random() {
    return random;
  }

  double jitter() {
    return jitter;
  }

  boolean exponential() {
    return multiplier > 1.0;
  }

  /** A fixed 1000 ms wait, with nothing else set: {@code BackoffPolicy.defaultPolicy()}. */
  boolean isDefault() {
    return delay == DEFAULT_DELAY && maxDelay == 0 && !exponential() && !random && jitter == 0;
  }
}
