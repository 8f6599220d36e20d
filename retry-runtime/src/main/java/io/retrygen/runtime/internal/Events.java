package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.Ticker;
import java.util.List;

/**
 * The listeners of one guarded method of one instance, and the events they hear. A {@link
 * Retrier} has one only when there is a listener at all: then neither {@code RetryListener} nor
 * any array of it is loaded otherwise, which keeps a cold start short, and each check is one load.
 */
final class Events {
  private static final int ON_RETRY = 0;
  private static final int ON_SUCCESS = 1;
  private static final int ON_FAILURE = 2;

  private final String label;
  private final Ticker ticker;
  private final RetryListener[] listeners;

  private Events(String label, Ticker ticker, RetryListener[] listeners) {
    this.label = label;
    this.ticker = ticker;
    this.listeners = listeners;
  }

  /**
   * The listeners of {@code first} (the options'), then those of {@code second} (the method's,
   * possibly null); null when there are none.
   */
  static Events of(
      String label, Ticker ticker, List<RetryListener> first, RetryListener[] second) {
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
    return new Events(label, ticker, all);
  }

  /** Another attempt follows {@code attempt} after {@code delayMillis}. */
  void retrying(int attempt, long startNanos, Throwable failure, long delayMillis) {
    dispatch(ON_RETRY, event(attempt, failure, delayMillis, startNanos, null));
  }

  /** The call succeeded on {@code attempt}. */
  void succeeded(int attempt, long startNanos) {
    dispatch(ON_SUCCESS, event(attempt, null, 0L, startNanos, null));
  }

  /** The call gave up after {@code attempt}, for {@code reason}. */
  void failed(int attempt, long startNanos, Throwable failure, GiveUpReason reason) {
    dispatch(ON_FAILURE, event(attempt, failure, 0L, startNanos, reason));
  }

  /**
   * Calls every listener; one that throws, whatever it throws, does not change the outcome of the
   * call, nor stop the others.
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
      } catch (Throwable ignored) {
        // Errors of the virtual machine too: a listener's StackOverflowError says nothing about
        // the call, and letting it through would replace the call's outcome in a synchronous
        // method, or leave an asynchronous call's future pending for ever.
      }
    }
  }

  private RetryEvent event(
      int attempt, Throwable failure, long delayMillis, long startNanos, GiveUpReason reason) {
    return RetryEvent.of(
        label, attempt, failure, delayMillis, ticker.nanoTime() - startNanos, reason);
  }
}
