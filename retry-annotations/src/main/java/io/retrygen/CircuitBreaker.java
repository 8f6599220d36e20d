package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stops calling a method that keeps failing, and lets trial calls through after a while.
 *
 * <p>Semantics follow MicroProfile Fault Tolerance. The breaker counts the outcomes of the most
 * recent {@link #requestVolumeThreshold()} calls; when that window is full and the ratio of
 * failures reaches {@link #failureRatio()}, it opens. While open, calls fail at once with {@code
 * io.retrygen.runtime.CircuitBreakerOpenException} without calling the method. Once {@link
 * #delay()} milliseconds have passed, it is half-open: {@link #successThreshold()} trial calls
 * are admitted at a time; that many consecutive successes close it (with an empty window), any
 * failure opens it again. Outcomes that are not failures (a success, a {@link #skipOn()} type, a
 * throwable outside {@link #failOn()}) count as successes.
 *
 * <p>On the same method as {@link Retryable}, every attempt passes through the breaker, and the
 * open-circuit exception is retried and recovered like any other failure unless excluded. Placed
 * on a type, it guards every overridable method of it that has no {@code @CircuitBreaker} of its
 * own.
 *
 * <p>On an annotation type (a meta-annotation), it makes that type stand for it wherever the type
 * is placed, as if this {@code @CircuitBreaker} were written there; its values are checked once,
 * on the annotation type. One level only.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface CircuitBreaker {

  /**
   * Outcomes counted as failures, matched with {@code instanceof}. Empty (the default) means
   * {@code Exception.class}.
   */
  Class<? extends Throwable>[] failOn() default {};

  /** Outcomes counted as successes even when {@link #failOn()} also matches them. Default: none. */
  Class<? extends Throwable>[] skipOn() default {};

  /** The size of the rolling window of the most recent calls; at least 1. Default: {@code 20}. */
  int requestVolumeThreshold() default 20;

  /**
   * The breaker opens when the window is full and failures / size is at least this; in {@code (0,
   * 1]}. Default: {@code 0.5}.
   */
  double failureRatio() default 0.5;

  /**
   * Milliseconds the breaker stays open before it lets trial calls through; not negative. Default:
   * {@code 5000}.
   */
  long delay() default 5000;

  /**
   * Consecutive trial successes that close a half-open breaker; at least 1. Any trial failure opens
   * it again. Default: {@code 1}.
   */
  int successThreshold() default 1;

  /**
   * Breakers with the same name share one state in the process (the first one created wins; two
   * of the same name with different settings in one compilation are a compile error). Default:
   * {@code ""}, named by the method's label ({@code Retryable#label()}, by default {@code
   * Type.method}), so every instance of the generated class shares one breaker per method, as
   * MicroProfile Fault Tolerance requires; overloads that share a label share it too. A breaker is
   * created by the first call that passes through it, never by a constructor, with the {@code
   * Ticker} of the options of the instance that makes that call.
   */
  String name() default "";
}
