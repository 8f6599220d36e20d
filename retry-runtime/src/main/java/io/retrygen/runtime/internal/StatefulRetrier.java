package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.internal.StateCache.KeyState;

/**
 * Not API. A {@link Retrier} for {@code @Retryable(stateful = true)}: each call makes one attempt,
 * and a failure reaches the caller every time while the attempts are counted against the call's
 * key, across calls, in a {@link StateCache}: the method's, shared by every instance, or a
 * template's own. The generated method:
 *
 * <pre>{@code
 * Object key = message.id();                 // stateKey, else the arguments
 * Throwable exhausted = retrier.exhausted(key);
 * if (exhausted != null) {                   // the key's retries ended on an earlier call
 *   return deadLetter(exhausted, message);   // or: throw retrier.exhaustedException(exhausted);
 * }
 * long startNanos = retrier.start();
 * try {
 *   result = delegate.handle(message);
 * } catch (Throwable failure) {
 *   if (failure instanceof SQLException) {   // step 1, decided at compile time
 *     retrier.failed(key, startNanos, failure);
 *   } else {
 *     retrier.notRetryable(key, startNanos, failure);
 *   }
 *   throw failure;                           // every time, unchanged
 * }
 * retrier.succeeded(key, startNanos);
 * }</pre>
 *
 * The attempt number of an event is the key's: the failures counted before it, plus one; its
 * elapsed time runs from the key's first attempt, which is also where {@code maxDuration} counts
 * from. No lock is held while user code, a listener or a wait runs. Thread-safe.
 */
public final class StatefulRetrier {
  private final Retrier retrier;
  private final StateCache cache;

  /**
   * {@code retrier} with a state of its own: a template's ({@code RetryTemplate.execute(...,
   * RetryState)}). A generated method's comes from {@link RetryPolicy#bindStateful}, with the
   * state its compiled policy holds for every instance.
   */
  public static StatefulRetrier withOwnState(Retrier retrier) {
    return new StatefulRetrier(retrier, new StateCache(retrier.label()));
  }

  StatefulRetrier(Retrier retrier, StateCache cache) {
    this.retrier = retrier;
    this.cache = cache;
  }

  /** The label of events, statistics and the state. */
  public String label() {
    return retrier.label();
  }

  /** {@link Retrier#start}: the time of this call's attempt, when anything reads it. */
  public long start() {
    return retrier.start();
  }

  /** {@link Retrier#matchesCauses}, for step 1 with {@code matchCauses = true}. */
  public boolean matchesCauses(Throwable failure) {
    return retrier.matchesCauses(failure);
  }

  /**
   * Before the attempt: the last failure of the key if its retries ended on an earlier call, which
   * forgets the key (the caller recovers with it, or throws {@link #exhaustedException}; no
   * listener hears of it); else null, and a key with state becomes the most recently used.
   */
  public Throwable exhausted(Object key) {
    Exhaustion exhaustion = exhaustion(key);
    return exhaustion == null ? null : exhaustion.failure();
  }

  /**
   * {@link #exhausted}, with the number of the attempt that ended the key's retries: for a driver
   * that tells the recovery which attempt it recovers from (the template's context), read under
   * the same lock as the failure so that a concurrent call cannot come between them.
   */
  public Exhaustion exhaustion(Object key) {
    if (cache.isEmpty()) {
      return null;
    }
    synchronized (cache) {
      KeyState state = cache.get(key);
      if (state == null || state.exhausted == null) {
        return null;
      }
      cache.remove(key);
      return state.exhausted;
    }
  }

  /** How a key's retries ended: its last failure and the attempt that failed with it. */
  public static final class Exhaustion {
    private final Throwable failure;
    private final int attempt;

    Exhaustion(Throwable failure, int attempt) {
      this.failure = failure;
      this.attempt = attempt;
    }

    /** The failure that ended the key's retries. */
    public Throwable failure() {
      return failure;
    }

    /** The key's attempt that failed with it, 1-based. */
    public int attempt() {
      return attempt;
    }
  }

  /** What a call whose key is exhausted throws when nothing recovers {@code lastFailure}. */
  public RetryExhaustedException exhaustedException(Throwable lastFailure) {
    return new RetryExhaustedException(
        "retries of " + label() + " for this key were exhausted by an earlier call", lastFailure);
  }

  /**
   * The attempt failed with {@code failure}, which step 1 retries: counts it against the key,
   * then asks the decision order (steps 2 to 8) as the attempt's number: either tells {@code
   * onRetry} and waits (the caller then rethrows, and the next call with the key is the retry), or
   * ends the key's retries (the next call with it recovers) and tells {@code onFailure} why. An
   * interrupted wait ends them too, with the flag set again; a wait that overran {@code
   * maxDuration} likewise. A failure of a key that a concurrent call has exhausted, or whose
   * {@code maxAttempts}-th failure a concurrent call has counted, is neither counted nor told; of
   * calls that end the key's retries together, the first tells {@code onFailure}.
   *
   * <p>User code that throws ({@code retryIf}, {@code delayFor}, the {@code Sleeper}) forgets the
   * key, tells {@code onFailure} with {@link GiveUpReason#USER_CODE_FAILED}, and is thrown from
   * here as it is.
   */
  public void failed(Object key, long startNanos, Throwable failure) {
    KeyState state;
    int attempt;
    synchronized (cache) {
      state = cache.getOrCreate(key, startNanos);
      if (state.exhausted != null || state.failures >= retrier.maxAttempts()) {
        return; // a concurrent call has made, or is ending with, the key's last attempt
      }
      attempt = ++state.failures;
    }
    GiveUpReason reason;
    try {
      long decision = retrier.decide(attempt, state.startNanos, failure, true, null);
      reason = retrier.waitFor(attempt, state.startNanos, failure, decision);
    } catch (Throwable thrown) {
      throw endWith(key, state, attempt, thrown);
    }
    if (reason != null) {
      exhaust(key, state, attempt, failure, reason);
    }
  }

  /**
   * The attempt failed with {@code failure}, which step 1 does not retry (or a cancellation):
   * forgets the key and tells {@code onFailure} ({@link GiveUpReason#NOT_RETRYABLE} or {@link
   * GiveUpReason#CANCELLED}); the caller rethrows it.
   */
  public void notRetryable(Object key, long startNanos, Throwable failure) {
    KeyState state = cache.isEmpty() ? null : remove(key);
    if (state == null) {
      retrier.notRetryable(1, startNanos, failure);
    } else {
      retrier.notRetryable(state.failures + 1, state.startNanos, failure);
    }
  }

  /** The attempt succeeded: forgets the key, refills the budget, tells {@code onSuccess}. */
  public void succeeded(Object key, long startNanos) {
    KeyState state = cache.isEmpty() ? null : remove(key);
    if (state == null) {
      retrier.succeeded(1, startNanos);
    } else {
      retrier.succeeded(state.failures + 1, state.startNanos);
    }
  }

  /**
   * Forgets what the calls with {@code key} counted, so that the next one starts afresh: a
   * template's {@code RetryState.of(key, true)}.
   */
  public void forget(Object key) {
    remove(key);
  }

  /** The failures counted for {@code key} so far: 0 for a key without state. */
  public int failures(Object key) {
    if (cache.isEmpty()) {
      return 0;
    }
    synchronized (cache) {
      KeyState state = cache.get(key);
      return state == null ? 0 : state.failures;
    }
  }

  private KeyState remove(Object key) {
    synchronized (cache) {
      return cache.remove(key);
    }
  }

  /**
   * Ends the retries of {@code state} with {@code failure} and tells why, unless a concurrent call
   * has ended them already (one {@code onFailure} per exhaustion): calls on one key may fail
   * together, and the one whose attempt ran out of time can race the one with the last attempt.
   * A state forgotten or evicted meanwhile is ended all the same, out of the cache's sight.
   */
  private void exhaust(
      Object key, KeyState state, int attempt, Throwable failure, GiveUpReason reason) {
    synchronized (cache) {
      if (state.exhausted != null) {
        return;
      }
      state.exhausted = new Exhaustion(failure, attempt);
      cache.holds(key, state); // the key is the most recently used
    }
    retrier.gaveUp(attempt, state.startNanos, failure, reason);
  }

  /** User code threw {@code thrown}: the key is forgotten, {@code onFailure}, then thrown. */
  private RuntimeException endWith(Object key, KeyState state, int attempt, Throwable thrown) {
    synchronized (cache) {
      if (cache.holds(key, state)) {
        cache.remove(key);
      }
    }
    retrier.userCodeFailed(attempt, state.startNanos, thrown);
    throw Throwables.<RuntimeException>asThrown(thrown);
  }

  /** The keys' state, for tests in this package. */
  StateCache cache() {
    return cache;
  }

  @Override
  public String toString() {
    return "StatefulRetrier{" + retrier + ", " + cache + "}";
  }
}
