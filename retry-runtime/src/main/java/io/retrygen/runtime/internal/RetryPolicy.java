package io.retrygen.runtime.internal;

import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;

/**
 * Not API. What a {@code @Retryable} resolved to at compile time for one guarded method,
 * independent of any instance: its label, attempts, time budget, backoff, whether {@code retryFor}
 * names {@code CancellationException} itself, and, with a {@code @RetryBudget}, the process-wide
 * retry budget it draws on. Only generated code (and the templates) use this class: each
 * generated class holds one per guarded method in a {@code static final} constant, and each
 * constructor {@linkplain #bind binds} it to the instance's options in one line.
 *
 * <p>Immutable and thread-safe.
 */
public final class RetryPolicy {
  private final String label;
  private final int maxAttempts;
  private final long maxDurationMillis;
  private final BackoffPolicy backoff;
  /** The budget it draws on, null when no {@code @RetryBudget} applies; resolved when bound. */
  private final BudgetSpec budget;
  /** Null unless {@code matchCauses = true}: then the classification looks at the causes too. */
  private final CauseMatcher causes;
  private final boolean retriesCancellation;
  /**
   * The state of a stateful method's keys, shared by every instance bound to this policy (a
   * constant of the generated class): created by the first {@link #bindStateful}; guarded by this.
   */
  private StateCache states;

  /**
   * @param label the name in events and statistics
   * @param maxAttempts total calls, the first included; at least 1
   * @param maxDurationMillis the time budget, 0 for none; not negative
   * @param backoff the waits between attempts
   * @throws IllegalArgumentException for a value the annotations reject at compile time
   */
  public RetryPolicy(String label, int maxAttempts, long maxDurationMillis, BackoffPolicy backoff) {
    this(label, maxAttempts, maxDurationMillis, backoff, null, null, false);
  }

  private RetryPolicy(
      String label,
      int maxAttempts,
      long maxDurationMillis,
      BackoffPolicy backoff,
      BudgetSpec budget,
      CauseMatcher causes,
      boolean retriesCancellation) {
    if (label == null) {
      throw new NullPointerException("label == null");
    }
    if (backoff == null) {
      throw new NullPointerException("backoff == null");
    }
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
    }
    if (maxDurationMillis < 0) {
      throw new IllegalArgumentException("maxDuration must not be negative: " + maxDurationMillis);
    }
    this.label = label;
    this.maxAttempts = maxAttempts;
    this.maxDurationMillis = maxDurationMillis;
    this.backoff = backoff;
    this.budget = budget;
    this.causes = causes;
    this.retriesCancellation = retriesCancellation;
  }

  /**
   * The rule that {@code @Retryable} checks at compile time and templates and overrides when they
   * are built: a {@code maxDuration} must leave time for a retry, so it is 0 or above the backoff's
   * delay. Not a check of the constructor, which accepts any time budget.
   *
   * @throws IllegalArgumentException when {@code maxDurationMillis > 0} is not above the delay
   */
  public static void requireTimeForARetry(long maxDurationMillis, BackoffPolicy backoff) {
    if (maxDurationMillis > 0 && backoff.delayMillis() >= maxDurationMillis) {
      throw new IllegalArgumentException(
          "maxDuration (" + maxDurationMillis + " ms) must be above the backoff's delay ("
              + backoff.delayMillis() + " ms), or 0 for none");
    }
  }

  /**
   * A copy that draws on the retry budget {@code name}. The budget is created full, with {@code
   * maxTokens} and {@code tokenRatio} (or their overrides), by the first instance bound to it,
   * unless a budget of that name exists already in the process: then that one is shared, with its
   * own settings (the first created wins).
   *
   * @throws IllegalArgumentException for {@code maxTokens} outside 1..1000, or a {@code
   *     tokenRatio} outside (0, 1] or with more than 3 decimals
   */
  public RetryPolicy withBudget(String name, int maxTokens, double tokenRatio) {
    return new RetryPolicy(
        label, maxAttempts, maxDurationMillis, backoff,
        new BudgetSpec(name, maxTokens, tokenRatio), causes, retriesCancellation);
  }

  /**
   * A copy whose {@code retryFor} and {@code noRetryFor} also match the causes of a failure
   * ({@code @Retryable(matchCauses = true)}): a failure is retryable when it or one of its causes
   * is an instance of a {@code retryFor} type and neither it nor any cause is an instance of a
   * {@code noRetryFor} type. {@link Retrier#matchesCauses} tells.
   *
   * @param retryFor at least one type; {@code Exception.class} for the default
   * @param noRetryFor the exclusions, possibly none
   * @throws IllegalArgumentException for an empty {@code retryFor} or a type that is not a
   *     Throwable
   */
  public RetryPolicy matchingCauses(Class<?>[] retryFor, Class<?>[] noRetryFor) {
    return new RetryPolicy(
        label, maxAttempts, maxDurationMillis, backoff, budget,
        new CauseMatcher(retryFor, noRetryFor), retriesCancellation);
  }

  /**
   * A copy for a {@code retryFor} that names {@code CancellationException} itself: a cancellation
   * is then classified like any failure. Otherwise one that step 1 does not retry ends the call as
   * {@link io.retrygen.GiveUpReason#CANCELLED}, unrecovered, rather than {@code NOT_RETRYABLE}.
   */
  public RetryPolicy retryingCancellation() {
    return new RetryPolicy(
        label, maxAttempts, maxDurationMillis, backoff, budget, causes, true);
  }

  /**
   * A copy with the values {@linkplain io.retrygen.runtime.PolicyOverrides overrides} gave; the
   * budget's settings too, when it has one.
   *
   * @throws IllegalArgumentException for a value the annotations reject at compile time
   */
  RetryPolicy overridden(
      int maxAttempts, long maxDurationMillis, BackoffPolicy backoff, BudgetSpec budget) {
    return new RetryPolicy(
        label, maxAttempts, maxDurationMillis, backoff, budget, causes, retriesCancellation);
  }

  /**
   * A retrier for one instance: this policy, changed by the overrides of {@code options} if any
   * apply to its label, with the sleeper, ticker, randomness and listeners of {@code options}.
   * Without this overload, a method with no listener of its own would create an empty {@code
   * RetryListener[]}.
   *
   * @throws IllegalArgumentException for an override that breaks a rule of the annotations
   */
  public Retrier bind(RetryOptions options) {
    return new Retrier(effective(options), options, null, null);
  }

  /**
   * A retrier for one instance with the method's own listeners, called after those of {@code
   * options}.
   *
   * @throws IllegalArgumentException for an override that breaks a rule of the annotations
   */
  public Retrier bind(RetryOptions options, RetryListener... methodListeners) {
    return new Retrier(effective(options), options, null, methodListeners);
  }

  /**
   * A retrier for one instance whose decisions call {@code hooks} (the method's {@code retryIf}
   * and {@code delayFor}; null for none), with the method's own listeners, called after those of
   * {@code options}.
   *
   * @throws IllegalArgumentException for an override that breaks a rule of the annotations
   */
  public Retrier bind(
      RetryOptions options, RetryHooks<?> hooks, RetryListener... methodListeners) {
    return new Retrier(effective(options), options, hooks, methodListeners);
  }

  /**
   * {@link #bind(RetryOptions)} for {@code @Retryable(stateful = true)}: each call one attempt,
   * counted by key in the state this policy holds for every instance of the method (SPEC §19).
   *
   * @throws IllegalArgumentException for an override that breaks a rule of the annotations
   */
  public StatefulRetrier bindStateful(RetryOptions options) {
    return new StatefulRetrier(bind(options), states());
  }

  /** {@link #bind(RetryOptions, RetryListener...)} for a stateful method. */
  public StatefulRetrier bindStateful(RetryOptions options, RetryListener... methodListeners) {
    return new StatefulRetrier(bind(options, methodListeners), states());
  }

  /** {@link #bind(RetryOptions, RetryHooks, RetryListener...)} for a stateful method. */
  public StatefulRetrier bindStateful(
      RetryOptions options, RetryHooks<?> hooks, RetryListener... methodListeners) {
    return new StatefulRetrier(bind(options, hooks, methodListeners), states());
  }

  /** The keys of this method, one state for every instance; created when first asked for. */
  private synchronized StateCache states() {
    if (states == null) {
      states = new StateCache(label);
    }
    return states;
  }

  private RetryPolicy effective(RetryOptions options) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
    OverrideTable overrides = options.overrides();
    return overrides.retry(this);
  }

  /** The label of events and statistics. */
  public String label() {
    return label;
  }

  /** Total calls, the first included. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** The time budget in milliseconds, 0 for none. */
  public long maxDurationMillis() {
    return maxDurationMillis;
  }

  /** The waits between attempts. */
  public BackoffPolicy backoff() {
    return backoff;
  }

  /** Whether {@code retryFor} names {@code CancellationException} itself. */
  public boolean retriesCancellation() {
    return retriesCancellation;
  }

  /**
   * The retry budget it draws on, found or created in the process-wide registry; null for none.
   * Called once per binding.
   */
  TokenBucket budget() {
    return budget == null ? null : budget.bucket();
  }

  /** The settings of the retry budget it draws on; null for none. */
  BudgetSpec budgetSpec() {
    return budget;
  }

  /** The classification by causes; null unless {@code matchCauses = true}. */
  CauseMatcher causes() {
    return causes;
  }

  @Override
  public String toString() {
    return "RetryPolicy{" + label + ", maxAttempts=" + maxAttempts + ", maxDuration="
        + maxDurationMillis + ", " + backoff + (budget == null ? "" : ", " + budget)
        + (retriesCancellation ? ", retryingCancellation" : "") + "}";
  }
}
