package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Retries a method when it fails.
 *
 * <p>On a method, it guards that method; on an interface or class, it guards every overridable
 * method of it that has no {@code @Retryable} of its own (final, static and private methods are
 * skipped). The annotation processor writes a {@code *Retrying} class next to the annotated type
 * (a delegate for an interface, a subclass for a class) whose methods run the retry loop. The
 * nearest annotation wins and is used whole: the method's own, else that of the method it
 * overrides, else the type's, else the nearest supertype's. Attributes are never merged.
 *
 * <pre>{@code
 * interface PaymentClient {
 *   @Retryable(retryFor = IOException.class, maxAttempts = 5,
 *       backoff = @Backoff(delay = 100, multiplier = 2))
 *   Receipt charge(String account, long cents) throws IOException;
 * }
 *
 * PaymentClient client = new PaymentClientRetrying(new HttpPaymentClient());
 * }</pre>
 *
 * <p><b>Interruption is never retried</b>: an {@code InterruptedException} ends the call like a
 * failure that is not retried unless {@link #retryFor()} names {@code InterruptedException} itself
 * (naming {@code Exception} or {@code Throwable} does not count); a recovery from it sets the
 * interrupt flag again, and no retry starts while the thread's interrupt flag is set. <b>Nor is
 * cancellation</b>: a {@link java.util.concurrent.CancellationException} (Kotlin's coroutine
 * cancellation is one) ends the call at once, neither retried nor recovered, unless {@code
 * retryFor} names {@code CancellationException} itself.
 *
 * <p>Every value is checked at compile time: a wrong value is a compile error on that value.
 *
 * <p><b>Meta-annotation.</b> On an annotation type, it makes that type stand for it, so that a
 * policy is written once and named:
 *
 * <pre>{@code
 * @Retryable(retryFor = SQLTransientException.class, maxAttempts = 4,
 *     backoff = @Backoff(delay = 50, multiplier = 2))
 * @Retention(RetentionPolicy.CLASS) @Target({ElementType.TYPE, ElementType.METHOD})
 * public @interface DbRetry {}
 * }</pre>
 *
 * <p>{@code @DbRetry} on a type or method then reads as this {@code @Retryable} written there (the
 * nearest one still wins). One level only: an annotation type that carries {@code @DbRetry} is a
 * compile error. Its values are checked once, on the annotation type; {@link #retryIf()}, {@link
 * #retryOnResult()}, {@link #recover()} and {@code delayFor} name methods of each type it is used
 * in, and are resolved there.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface Retryable {

  /**
   * Failures that may be retried, matched with {@code instanceof}. Empty (the default) means
   * {@code Exception.class}: an {@link Error} is retried only when it is named here (or a
   * supertype of it, such as {@code Throwable.class}, is).
   */
  Class<? extends Throwable>[] retryFor() default {};

  /**
   * Failures that are never retried, even when {@link #retryFor()} also matches them. Exclusion
   * always wins, whatever the hierarchy (as in MicroProfile Fault Tolerance; unlike Spring Retry's
   * nearest-ancestor rule). Default: none.
   */
  Class<? extends Throwable>[] noRetryFor() default {};

  /**
   * Failures that are never recovered: when the call gives up with one of these, it is rethrown as
   * it is and no {@link Recover} method is called. Whether it is retried first still depends on
   * {@link #retryFor()} and {@link #noRetryFor()}, as in Spring Retry. Default: none.
   */
  Class<? extends Throwable>[] notRecoverable() default {};

  /**
   * The number of calls in all, the first one included; {@code 1} calls once without retrying.
   * Must be at least 1. Default: {@code 3}.
   */
  int maxAttempts() default 3;

  /**
   * The time budget in milliseconds, {@code 0} (the default) for none. A new attempt starts only
   * while less than {@code maxDuration} has elapsed since the first attempt started, so a wait is
   * taken only if the elapsed time plus the wait stays below it. Time is read from the
   * {@code Ticker} of the instance's {@code RetryOptions}. Must not be negative, and when set must
   * be greater than the backoff's {@code delay}.
   */
  long maxDuration() default 0;

  /**
   * The wait between attempts. Default: {@code @Backoff}, a fixed wait of 1000 ms. A {@code
   * @Backoff} placed directly on the same method or type may be used instead of this attribute,
   * but not both.
   */
  Backoff backoff() default @Backoff;

  /**
   * The name of a method of the same type (or a supertype) that decides whether a failure is
   * retried: {@code boolean name(T failure)} where {@code T} is a {@code Throwable} type. A
   * failure that passes {@link #retryFor()} and {@link #noRetryFor()} is retried only if it is a
   * {@code T} and the method returns true. It is not consulted when no attempt remains. The method
   * is non-private, static or instance (for an interface: default or static; an instance method
   * is called on the delegate), and is resolved at compile time. Default: none.
   */
  String retryIf() default "";

  /**
   * The name of a method of the same type (or a supertype) that decides whether a result is a
   * failed attempt: {@code boolean name(R result)} where the method's return value can be passed
   * as {@code R} (boxing allowed). When attempts or time run out, the last result is returned, with
   * no recovery. Resolved at compile time. Default: none.
   */
  String retryOnResult() default "";

  /**
   * The name of the {@link Recover} method(s) to use when the call gives up. Default: the
   * {@code @Recover} methods whose signature fits are candidates.
   */
  String recover() default "";

  /**
   * The name used in {@link RetryEvent#label() events}, statistics and messages. Default: the
   * type's name relative to its package and the method's name, {@code Outer.Client.charge};
   * overloads share it.
   */
  String label() default "";

  /**
   * Listeners for this method's calls, each created once per generated instance with its public
   * no-arg constructor (checked at compile time). They are called after the listeners of the
   * instance's {@code RetryOptions}. Default: none.
   */
  Class<? extends RetryListener>[] listeners() default {};

  /**
   * Whether {@link #retryFor()} and {@link #noRetryFor()} also match the failure's causes (its
   * {@link Throwable#getCause() getCause()} chain, which may loop): then a failure is retried when
   * it or one of its causes is an instance of a {@code retryFor} type and neither it nor any cause
   * is an instance of a {@code noRetryFor} type, so {@code retryFor = IOException.class} retries
   * an {@code UncheckedIOException} that wraps an {@code IOException}. {@link Recover} selection,
   * {@link #notRecoverable()}, a circuit breaker's {@code failOn}/{@code skipOn} and the rules for
   * interruption and cancellation still look at the failure itself. Default: {@code false}, the
   * failure alone.
   */
  boolean matchCauses() default false;

  /**
   * Whether each call makes one attempt and rethrows its failure to the caller, counting it
   * against the call's key across calls, as Spring Retry's {@code RetryState} does: for a message
   * listener whose transaction must roll back so that the message is redelivered. A retryable
   * failure is counted and rethrown unchanged, after the backoff's wait for that retry; one that is
   * not retryable is rethrown and forgets the key. The call whose failure ends the key's retries
   * (its {@link #maxAttempts()}-th attempt, or {@link #maxDuration()} counted from the key's first
   * attempt) rethrows it too, and listeners get {@code onFailure}; the next call with that key does
   * not call the method: it recovers with that failure ({@link Recover}), else throws {@code
   * io.retrygen.runtime.RetryExhaustedException} with it as the cause. A success forgets the key.
   * The state lives in a process-wide cache per method, shared by every instance of the generated
   * class, of at most 4096 keys, the least recently used forgotten first (and counted by {@code
   * StatefulRetries.evictions(label)}). Not for asynchronous or reactive methods (a compile error).
   * Default: {@code false}.
   */
  boolean stateful() default false;

  /**
   * With {@link #stateful()}: the name of a method of the same type (or a supertype) that computes
   * the call's key from a prefix of the method's arguments (e.g. {@code Object messageId(Message
   * message)}), resolved at compile time like {@link #retryIf()}. Keys are compared with {@code
   * equals}. Default: the list of the arguments (the argument itself for a method with one
   * parameter; one key for a method with none).
   */
  String stateKey() default "";
}
