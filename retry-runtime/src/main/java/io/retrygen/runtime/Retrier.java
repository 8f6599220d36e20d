package io.retrygen.runtime;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import java.util.List;

/**
 * The settings and bookkeeping of one guarded method of one generated instance. Only generated
 * code calls this class: the retry loop itself is in the generated method, which asks this object
 * whether and how long to wait and reports outcomes to the listeners.
 *
 * <p>A generated method runs, in effect:
 *
 * <pre>{@code
 * long startNanos = retrier.start();
 * for (int attempt = 1; ; attempt++) {
 *   try {
 *     result = delegate.call(args);
 *   } catch (Throwable failure) {
 *     if (retryable(failure)) {
 *       long delayMillis = retrier.nextDelay(attempt, startNanos);
 *       if (delayMillis >= 0 && retrier.backOff(attempt, startNanos, failure, delayMillis)) {
 *         continue;
 *       }
 *     }
 *     retrier.failed(attempt, startNanos, failure);
 *     throw failure;
 *   }
 *   retrier.succeeded(attempt, startNanos);
 *   return result;
 * }
 * }</pre>
 *
 * <p>Immutable and thread-safe. With no listener, {@link #start} and {@link #succeeded} read no
 * clock and allocate nothing, so the success path costs what a direct call costs.
 */
public final class Retrier {
  private static final int ON_RETRY = 0;
  private static final int ON_SUCCESS = 1;
  private static final int ON_FAILURE = 2;

  private final String label;
  private final int maxAttempts;
  private final long maxDurationNanos;
  private final BackoffPolicy backoff;
  private final Sleeper sleeper;
  private final Ticker ticker;
  private final RandomSource random;
  /**
   * Null when there is none: then neither {@code RetryListener} nor any array of it is ever
   * loaded, which keeps a cold start short, and each check is a single load.
   */
  private final RetryListener[] listeners;
  /** Whether {@link #start} must read the clock: for {@code maxDuration} or for events. */
  private final boolean timed;
  /**
   * The wait before every retry when it needs no computation and no clock (a fixed backoff
   * without {@code maxDuration}), else -1.
   */
  private final long constantDelayMillis;

  /**
   * A retrier whose method has no listener of its own; those of {@code options} still apply.
   * Without this overload, a call with no listener would create an empty {@code RetryListener[]}.
   */
  public Retrier(
      RetryOptions options,
      String label,
      int maxAttempts,
      long maxDurationMillis,
      BackoffPolicy backoff) {
    this(options, label, maxAttempts, maxDurationMillis, backoff, (RetryListener[]) null);
  }

  /**
   * @param options the instance's options: sleeper, ticker, randomness and listeners
   * @param label the name in events and statistics
   * @param maxAttempts total calls, the first included; at least 1
   * @param maxDurationMillis the time budget, 0 for none
   * @param backoff the waits between attempts
   * @param methodListeners the method's own listeners, called after those of {@code options};
   *     may be null for none
   */
  public Retrier(
      RetryOptions options,
      String label,
      int maxAttempts,
      long maxDurationMillis,
      BackoffPolicy backoff,
      RetryListener... methodListeners) {
    if (options == null) {
      throw new NullPointerException("options == null");
    }
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
    this.maxDurationNanos = saturatedNanos(maxDurationMillis);
    this.backoff = backoff;
    this.sleeper = options.sleeper();
    this.ticker = options.ticker();
    this.random = options.random();
    this.listeners = concat(options.listeners(), methodListeners);
    this.timed = maxDurationNanos > 0 || listeners != null;
    this.constantDelayMillis = maxDurationNanos > 0 ? -1L : backoff.constantWaitMillis();
  }

  /** The label of events and statistics. */
  public String label() {
    return label;
  }

  /**
   * Called before the first attempt: the ticker's time when it is needed (for {@code maxDuration}
   * or listeners), else 0 without reading any clock.
   */
  public long start() {
    return timed ? ticker.nanoTime() : 0L;
  }

  /**
   * The wait before the attempt after {@code attempt}, or -1 when none may follow: {@code
   * attempt} was the last allowed, or the wait would end at or beyond {@code maxDuration} from
   * {@code startNanos}.
   */
  public long nextDelay(int attempt, long startNanos) {
    if (attempt >= maxAttempts) {
      return -1L;
    }
    if (constantDelayMillis >= 0) {
      return constantDelayMillis;
    }
    long delayMillis = backoff.waitMillis(attempt, random);
    if (maxDurationNanos > 0) {
      long remainingNanos = maxDurationNanos - (ticker.nanoTime() - startNanos);
      if (saturatedNanos(delayMillis) >= remainingNanos) {
        return -1L;
      }
    }
    return delayMillis;
  }

  /**
   * Tells the listeners that {@code attempt} failed and another follows, then waits {@code
   * delayMillis} (not calling the sleeper at all for 0). Returns false when the wait was
   * interrupted: the thread's interrupt flag is set again and the call must give up.
   *
   * @param failure the attempt's failure; null when its result was rejected
   */
  public boolean backOff(int attempt, long startNanos, Throwable failure, long delayMillis) {
    if (listeners != null) {
      dispatch(ON_RETRY, event(attempt, failure, delayMillis, startNanos));
    }
    if (delayMillis == 0) {
      return true;
    }
    try {
      sleeper.sleep(delayMillis);
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Tells the listeners that the call succeeded on {@code attempt}. Nothing to do without one. */
  public void succeeded(int attempt, long startNanos) {
    if (listeners != null) {
      dispatch(ON_SUCCESS, event(attempt, null, 0L, startNanos));
    }
  }

  /**
   * Tells the listeners that the call gives up after {@code attempt}, before any recovery.
   *
   * @param failure the last failure; null when the last result was rejected
   */
  public void failed(int attempt, long startNanos, Throwable failure) {
    if (listeners != null) {
      dispatch(ON_FAILURE, event(attempt, failure, 0L, startNanos));
    }
  }

  /**
   * Calls every listener; one that throws does not change the outcome of the call, nor stop the
   * others. Only errors the JVM cannot recover from pass through.
   */
  private void dispatch(int kind, RetryEvent event) {
    for (RetryListener listener : listeners) {
      try {
        if (kind == ON_RETRY) {
          listener.onRetry(event);
        } else if (kind == ON_SUCCESS) {
          listener.onSuccess(event);
        } else {
          listener.onFailure(event);
        }
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable ignored) {
        // Deliberately swallowed: see the method's documentation.
      }
    }
  }

  private RetryEvent event(int attempt, Throwable failure, long delayMillis, long startNanos) {
    return RetryEvent.of(label, attempt, failure, delayMillis, ticker.nanoTime() - startNanos);
  }

  private static long saturatedNanos(long millis) {
    return millis >= Long.MAX_VALUE / 1_000_000L ? Long.MAX_VALUE : millis * 1_000_000L;
  }

  private static RetryListener[] concat(List<RetryListener> first, RetryListener[] second) {
    int extra = second == null ? 0 : second.length;
    int size = first.size() + extra;
    if (size == 0) {
      return null;
    }
    RetryListener[] all = first.toArray(new RetryListener[size]);
    for (int i = 0; i < extra; i++) {
      if (second[i] == null) {
        throw new NullPointerException("listener " + i + " == null");
      }
      all[first.size() + i] = second[i];
    }
    return all;
  }

  @Override
  public String toString() {
    return "Retrier{" + label + ", maxAttempts=" + maxAttempts + ", " + backoff + "}";
  }
}
