package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Param;

/**
 * A circuit breaker measured on both of its fast paths (issue 8): closed with every call
 * succeeding, and open with every call refused before it reaches the backend.
 *
 * <p>Every library is configured alike. Closed: MicroProfile's defaults, a count-based window of
 * the last {@value #WINDOW} calls that opens at a failure ratio of 0.5 and stays open 5 s.
 * Open: a window of one call and an open delay of {@value #OPEN_DELAY_MILLIS} ms; setup makes
 * one call whose backend fails, which opens the breaker, and checks that the next call is
 * refused. Each row catches its library's own rejection exception and returns {@link #REJECTED},
 * which JMH consumes; teardown checks that no measured call reached the backend.
 */
public abstract class BreakerBenchmark extends VariantBenchmark {
  /** The closed-state window, in calls (MicroProfile's default {@code requestVolumeThreshold}). */
  protected static final int WINDOW = 20;

  /** The closed-state open delay (MicroProfile's default), in milliseconds. */
  protected static final long CLOSED_DELAY_MILLIS = 5_000L;

  /** The open-state delay: one hour, far longer than any trial. */
  public static final long OPEN_DELAY_MILLIS = 3_600_000L;

  /** What a refused call returns. */
  protected static final String REJECTED = "rejected";

  @Param({"closedSuccess", "openRejection"})
  public String path;

  /** Whether this trial measures the open breaker. */
  protected final boolean open() {
    switch (path) {
      case "closedSuccess":
        return false;
      case "openRejection":
        return true;
      default:
        throw new IllegalArgumentException("unknown path: " + path);
    }
  }

  /** The open path's backend fails its first call (the one that opens the breaker), and counts. */
  @Override
  protected final boolean failOnce() {
    return open();
  }

  @Override
  protected final void setUpWrapper() throws Exception {
    setUpBreaker(open());
    if (open()) {
      try {
        String result = call();
        throw new IllegalStateException(getClass().getSimpleName()
            + ": the call that should open the breaker returned " + result);
      } catch (BenchmarkFailure expected) {
        // the breaker saw its one failure: it is open now
      }
      if (backend.calls() != 1) {
        throw new IllegalStateException("the opening call reached the backend "
            + backend.calls() + " times");
      }
    }
  }

  /** Builds the breaker and its wrapper around {@link #backend}, open or closed configuration. */
  protected abstract void setUpBreaker(boolean open) throws Exception;

  @Override
  protected final String expectedResult() {
    return open() ? REJECTED : input;
  }

  @Override
  protected final int callsPerOperation() {
    return 0;
  }

  /** Open: only the opening call may have reached the backend. */
  @Override
  protected final void checkCalls() {
    if (open() && backend.calls() != 1) {
      throw new IllegalStateException(getClass().getSimpleName() + ": the open breaker let "
          + (backend.calls() - 1) + " calls through");
    }
  }
}
