package io.retrygen.runtime;

import io.retrygen.runtime.internal.RetryHooks;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * What a {@link RetryTemplate} decides itself, where generated code has its compile-time {@code
 * instanceof} tests and hooks: step 1 of the decision order ({@code retryOn}, {@code notRetryOn},
 * the interruption and cancellation rules) and its {@code retryIf}. Immutable.
 */
final class TemplateRules {
  private static final Class<?>[] NONE = new Class<?>[0];

  /** Empty for {@code Exception}, as {@code retryFor = {}}. */
  private final Class<?>[] retryOn;
  private final Class<?>[] notRetryOn;
  /** Whether {@code retryOn} covers {@code InterruptedException} without naming it. */
  private final boolean excludesInterruption;
  /** Whether {@code retryOn} names {@code CancellationException} itself. */
  private final boolean retriesCancellation;
  private final FailurePredicate retryIf;

  TemplateRules(
      List<Class<? extends Throwable>> retryOn,
      List<Class<? extends Throwable>> notRetryOn,
      FailurePredicate retryIf) {
    this.retryOn = retryOn.toArray(NONE);
    this.notRetryOn = notRetryOn.toArray(NONE);
    this.excludesInterruption = excludesInterruption(this.retryOn, this.notRetryOn);
    this.retriesCancellation = Arrays.asList(this.retryOn).contains(CancellationException.class);
    this.retryIf = retryIf;
  }

  /**
   * Step 1: an instance of a {@code retryOn} class ({@code Exception} when none was given) and of
   * no {@code notRetryOn} class (exclusion wins), and neither an interruption nor a cancellation
   * unless {@code retryOn} names {@code InterruptedException} or {@code CancellationException}
   * itself.
   */
  boolean retryable(Throwable failure) {
    if (excludesInterruption && failure instanceof InterruptedException) {
      return false;
    }
    if (!retriesCancellation && failure instanceof CancellationException) {
      return false;
    }
    for (Class<?> excluded : notRetryOn) {
      if (excluded.isInstance(failure)) {
        return false;
      }
    }
    if (retryOn.length == 0) {
      return failure instanceof Exception;
    }
    for (Class<?> retried : retryOn) {
      if (retried.isInstance(failure)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code failure} is a cancellation, never recovered: {@code retryOn} does not name it. */
  boolean cancels(Throwable failure) {
    return failure instanceof CancellationException && !retriesCancellation;
  }

  /** Whether {@code retryOn} names {@code CancellationException} itself. */
  boolean retriesCancellation() {
    return retriesCancellation;
  }

  /** Step 5: the {@code retryIf} predicate, true when there is none. */
  boolean retryIf(Throwable failure) {
    return retryIf == null || retryIf.test(failure);
  }

  /** The hooks the decision order calls: the {@code retryIf}, or null when there is none. */
  RetryHooks<Object> hooks() {
    return retryIf == null ? null : new PredicateHooks(retryIf);
  }

  private static boolean excludesInterruption(Class<?>[] retryOn, Class<?>[] notRetryOn) {
    boolean covered = retryOn.length == 0;
    for (Class<?> type : retryOn) {
      if (type == InterruptedException.class) {
        return false;
      }
      covered |= type.isAssignableFrom(InterruptedException.class);
    }
    for (Class<?> type : notRetryOn) {
      if (type.isAssignableFrom(InterruptedException.class)) {
        return false; // excluded anyway
      }
    }
    return covered;
  }

  /** The {@code retryIf} of a template, as the decision order asks it at step 5. */
  private static final class PredicateHooks extends RetryHooks<Object> {
    private final FailurePredicate predicate;

    PredicateHooks(FailurePredicate predicate) {
      this.predicate = predicate;
    }

    @Override
    protected boolean retryIf(Throwable failure) {
      return predicate.test(failure);
    }
  }
}
