package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Limits how long each attempt of a method may take. An attempt that has not ended after {@link
 * #value()} milliseconds fails with {@code io.retrygen.runtime.AttemptTimeoutException}
 * (unchecked), which is then classified like any failure: retried by default, counted by a
 * {@link CircuitBreaker}, recoverable by a {@link Recover} method.
 *
 * <p>The guards around one attempt, outermost first (as in MicroProfile Fault Tolerance):
 * recovery, {@link Retryable}, {@link CircuitBreaker}, {@code @Timeout}, the method. Without
 * {@code @Retryable} it guards the single call, and {@code @Recover} methods apply.
 *
 * <ul>
 *   <li>A method that returns at once: at the deadline a runtime-wide watchdog thread interrupts
 *       the calling thread; the attempt then fails with the exception however it ends (by {@code
 *       InterruptedException}, an interrupted I/O, or even normally: its result is dropped). The
 *       interrupt the watchdog caused is cleared; an interrupt from anyone else is kept and obeyed.
 *   <li>A deferred method (a {@code CompletionStage}, a {@code suspend} function, a {@code Flow},
 *       a reactive type): at the deadline the attempt's future, coroutine or subscription is
 *       cancelled and the attempt fails with the exception.
 * </ul>
 *
 * <p>Placed on a type, it limits every overridable method of it that has no {@code @Timeout} of
 * its own (the nearest one wins, as for {@code @Retryable}).
 *
 * <p>On an annotation type (a meta-annotation), it makes that type stand for it wherever the type
 * is placed, as if this {@code @Timeout} were written there; its value is checked once, on the
 * annotation type. One level only.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface Timeout {

  /**
   * Milliseconds each attempt may take; greater than 0. Should be below {@link
   * Retryable#maxDuration()} when that is set. Default: {@code 1000}.
   */
  long value() default 1000;
}
