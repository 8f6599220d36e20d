package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The wait between two attempts of a {@link Retryable} method.
 *
 * <p>Write it nested, {@code @Retryable(backoff = @Backoff(delay = 100))}, or directly on the
 * element that carries the {@code @Retryable} (then it belongs to that {@code @Retryable} alone).
 * Both at once, or a direct {@code @Backoff} on an element without {@code @Retryable}, is a
 * compile error. With no {@code @Backoff} at all the wait is a fixed 1000 ms.
 *
 * <ul>
 *   <li><b>Fixed</b> ({@code multiplier} 0 or 1): every wait is {@code delay}, capped by {@code
 *       maxDelay} when that is set; with {@code random}, a uniform choice in {@code [delay,
 *       maxDelay]}.
 *   <li><b>Exponential</b> ({@code multiplier > 1}): the n-th wait is {@code delay *
 *       multiplier^(n-1)}, capped by {@code maxDelay}, or by 30000 ms when {@code maxDelay} is 0;
 *       with {@code random}, a uniform choice in {@code [d, d * multiplier]} where {@code d} is
 *       that wait, capped.
 *   <li><b>Jitter</b>: the wait is then multiplied by a uniform factor in {@code [1 - jitter, 1 +
 *       jitter]} and capped again when a cap applies.
 * </ul>
 *
 * <p>Waits are computed in {@code double} for each retry from the formula, capped, then truncated
 * to whole milliseconds; they never overflow, never go negative and never exceed the cap. A wait
 * of 0 ms does not sleep at all. Random choices come from the {@code RandomSource} of the
 * instance's {@code RetryOptions}, one value per choice, {@code random} before {@code jitter}.
 *
 * <p>{@link #delayFor()} lets the callee choose the wait instead, within the cap.
 *
 * <p>On an annotation type that carries a {@code @Retryable} (a meta-annotation), it belongs to
 * that {@code @Retryable}; on one without {@code @Retryable} it is a compile error.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface Backoff {

  /**
   * Milliseconds before the first retry, and the base of every later wait. {@code 0} retries at
   * once, without sleeping. Must not be negative. Default: {@code 1000}.
   */
  long delay() default 1000;

  /**
   * The cap in milliseconds for every wait when greater than 0; it must then be at least {@link
   * #delay()}. {@code 0} (the default) means no cap for a fixed backoff and 30000 ms for an
   * exponential one.
   */
  long maxDelay() default 0;

  /**
   * Greater than 1 for an exponential backoff (each wait is the previous formula step times this);
   * {@code 0} (the default) or {@code 1} for a fixed one. Values between 0 and 1, and negative
   * values, are compile errors.
   */
  double multiplier() default 0;

  /**
   * Whether each wait is a uniform random choice: in {@code [d, d * multiplier]} for an
   * exponential backoff, in {@code [delay, maxDelay]} for a fixed one (which then needs {@code
   * maxDelay > delay}). Default: {@code false}.
   */
  boolean random() default false;

  /**
   * In {@code [0, 1]}: each wait is multiplied by a uniform random factor in {@code [1 - jitter, 1
   * + jitter]}, then capped when a cap applies. Default: {@code 0}, no jitter.
   */
  double jitter() default 0;

  /**
   * The name of a method that computes the wait from what went wrong, e.g. from an HTTP {@code
   * Retry-After} header: {@code long name(T failure)} with {@code T} a {@code Throwable} type,
   * and/or, with {@link Retryable#retryOnResult()}, {@code long name(R result)} for a rejected
   * result ({@code int} returns are accepted). A method of the same type or a supertype, static or
   * instance (on an interface: default or static), resolved and type-checked at compile time.
   * Overloads may cover failures and results; for each failure or result the one with the most
   * specific parameter type is used.
   *
   * <p>Its value is the wait in milliseconds, used as is (no {@code random}, no {@code jitter});
   * a negative value means "use the formula" of this {@code @Backoff}, which also applies when no
   * overload can take the failure or result. A wait above the cap ({@link #maxDelay()}, or the
   * 30000 ms of an exponential backoff) is not taken: the call gives up, since the callee asked
   * for more patience than the method allows. The formula's retry number counts every retry,
   * whatever waits this method chose for earlier ones. Default: {@code ""}, none.
   */
  String delayFor() default "";
}
