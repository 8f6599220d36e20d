package io.retrygen.runtime.internal;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Ticker;

/**
 * Not API. What a {@code @CircuitBreaker} resolved to at compile time for one guarded method: its name and
 * thresholds. Only generated code uses this class: each generated class holds one per guarded
 * method in a {@code static final} constant, and each constructor {@linkplain #bind binds} it to
 * the instance's options in one line.
 *
 * <p>Immutable and thread-safe.
 */
public final class CircuitBreakerPolicy {
  /**
   * The largest window: the rolling window takes 8 bytes per call it remembers (8 MiB here), and
   * its lock-free bookkeeping counts positions in the bits the failure count leaves free: at this
   * size still 2<sup>39</sup> of them, so no stalled thread can see a position come round again.
   */
  static final int MAX_REQUEST_VOLUME_THRESHOLD = 1 << 20;

  private final String name;
  private final int requestVolumeThreshold;
  private final double failureRatio;
  private final long delayMillis;
  private final int successThreshold;
  /** False when overrides turned it off: every call passes and nothing is counted. */
  private final boolean enabled;

  /**
   * @param name the {@code @CircuitBreaker(name)}; {@code ""} for the method's label, the default
   * @param requestVolumeThreshold the size of the rolling window; at least 1 (and at most
   *     2<sup>20</sup>)
   * @param failureRatio the ratio of failures in a full window that opens the breaker; in {@code
   *     (0, 1]}
   * @param delayMillis milliseconds the breaker stays open before it admits trial calls; not
   *     negative
   * @param successThreshold consecutive trial successes that close it; at least 1
   * @throws IllegalArgumentException for a value the annotation rejects at compile time
   */
  public CircuitBreakerPolicy(
      String name,
      int requestVolumeThreshold,
      double failureRatio,
      long delayMillis,
      int successThreshold) {
    this(name, requestVolumeThreshold, failureRatio, delayMillis, successThreshold, true);
  }

  private CircuitBreakerPolicy(
      String name,
      int requestVolumeThreshold,
      double failureRatio,
      long delayMillis,
      int successThreshold,
      boolean enabled) {
    if (name == null) {
      throw new NullPointerException("name == null");
    }
    if (requestVolumeThreshold < 1 || requestVolumeThreshold > MAX_REQUEST_VOLUME_THRESHOLD) {
      throw new IllegalArgumentException(
          "requestVolumeThreshold must be in [1, " + MAX_REQUEST_VOLUME_THRESHOLD + "]: "
              + requestVolumeThreshold);
    }
    if (!(failureRatio > 0.0 && failureRatio <= 1.0)) { // also rejects NaN
      throw new IllegalArgumentException("failureRatio must be in (0, 1]: " + failureRatio);
    }
    if (delayMillis < 0) {
      throw new IllegalArgumentException("delay must not be negative: " + delayMillis);
    }
    if (successThreshold < 1) {
      throw new IllegalArgumentException(
          "successThreshold must be at least 1: " + successThreshold);
    }
    this.name = name;
    this.requestVolumeThreshold = requestVolumeThreshold;
    this.failureRatio = failureRatio;
    this.delayMillis = delayMillis;
    this.successThreshold = successThreshold;
    this.enabled = enabled;
  }

  /** A copy that is off: its gates let every call pass and count nothing. */
  CircuitBreakerPolicy disabled() {
    return new CircuitBreakerPolicy(
        name, requestVolumeThreshold, failureRatio, delayMillis, successThreshold, false);
  }

  /**
   * The gate of one generated instance's method: a light handle on the process-wide breaker of
   * this policy's name, or of {@code label} when it is unnamed (every instance of a generated class
   * shares one breaker per method). Creates no breaker: the first call through any gate of that
   * name does, with this policy and {@code options.ticker()} if it is that gate's call (the first
   * one created wins). The overrides of {@code options} for that name apply first.
   *
   * @param options the instance's options, for their {@link Ticker} and overrides
   * @param label the method's label, the name of an unnamed breaker
   * @throws IllegalArgumentException for an override that breaks a rule of the annotation
   */
  public CircuitBreakerGate bind(RetryOptions options, String label) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    String resolved = name.isEmpty() ? label : name;
    OverrideTable overrides = options.overrides();
    return new CircuitBreakerGate(
        resolved, overrides.breaker(this, resolved, label), options.ticker());
  }

  /** The {@code @CircuitBreaker(name)}, {@code ""} when unnamed. */
  public String name() {
    return name;
  }

  /** The size of the rolling window of the most recent calls. */
  public int requestVolumeThreshold() {
    return requestVolumeThreshold;
  }

  /** The ratio of failures in a full window that opens the breaker. */
  public double failureRatio() {
    return failureRatio;
  }

  /** Milliseconds the breaker stays open before it admits trial calls. */
  public long delayMillis() {
    return delayMillis;
  }

  /** Consecutive trial successes that close a half-open breaker. */
  public int successThreshold() {
    return successThreshold;
  }

  /** False when overrides turned it off. */
  boolean enabled() {
    return enabled;
  }

  /**
   * Its four settings, {@code requestVolumeThreshold=20, failureRatio=0.5, delay=5000,
   * successThreshold=1}: two policies with the same text make the same breaker.
   */
  String settings() {
    return "requestVolumeThreshold=" + requestVolumeThreshold + ", failureRatio=" + failureRatio
        + ", delay=" + delayMillis + ", successThreshold=" + successThreshold;
  }

  @Override
  public String toString() {
    return "CircuitBreakerPolicy{" + (name.isEmpty() ? "unnamed" : name)
        + (enabled ? "" : ", disabled") + ", " + settings() + "}";
  }
}
