package io.retrygen.reactor;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.CircuitBreakerPolicy;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.RetryPolicy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.scheduler.VirtualTimeScheduler;

/**
 * One test's options and names: a ticker on the virtual time of {@code StepVerifier.withVirtualTime}
 * (else on {@link #manualMillis}), plus {@link #skewMillis} for a clock that jumps past a wait; a
 * listener that records; and a label no other test shares (breakers and budgets live per name in
 * the process). The options' sleeper fails the test: reactive calls never block.
 */
final class Fixture {
  private static final AtomicInteger IDS = new AtomicInteger();

  final Recording listener = new Recording();
  final String label = "Client.call" + IDS.incrementAndGet();
  /** The time when no virtual time is on. */
  volatile long manualMillis;
  volatile long skewMillis;
  final Ticker ticker =
      new Ticker() {
        @Override
        public long nanoTime() {
          long millis =
              VirtualTimeScheduler.isFactoryEnabled()
                  ? VirtualTimeScheduler.get().now(TimeUnit.MILLISECONDS)
                  : manualMillis;
          return (millis + skewMillis) * 1_000_000L;
        }
      };
  final RetryOptions options;

  Fixture() {
    this(null);
  }

  Fixture(ScheduledExecutorService scheduler) {
    RetryOptions.Builder builder =
        RetryOptions.builder()
            .ticker(ticker)
            .sleeper(
                new Sleeper() {
                  @Override
                  public void sleep(long millis) {
                    throw new AssertionError("slept " + millis + " ms on a thread");
                  }
                })
            .listener(listener);
    if (scheduler != null) {
      builder.scheduler(scheduler);
    }
    options = builder.build();
  }

  /** As generated code binds {@code @Retryable}: a constant policy bound to the options. */
  Retrier retrier(int maxAttempts, BackoffPolicy backoff) {
    return retrier(maxAttempts, backoff, 0L);
  }

  Retrier retrier(int maxAttempts, BackoffPolicy backoff, long maxDurationMillis) {
    return new RetryPolicy(label, maxAttempts, maxDurationMillis, backoff).bind(options);
  }

  Retrier budgeted(int maxAttempts, BackoffPolicy backoff, int maxTokens, double tokenRatio) {
    return new RetryPolicy(label, maxAttempts, 0L, backoff)
        .withBudget(label, maxTokens, tokenRatio)
        .bind(options);
  }

  /** As generated code binds an unnamed {@code @CircuitBreaker}: under the method's label. */
  CircuitBreakerGate breaker(int requestVolumeThreshold, double ratio, long delayMillis) {
    return new CircuitBreakerPolicy("", requestVolumeThreshold, ratio, delayMillis, 1)
        .bind(options, label);
  }

  List<String> events() {
    return listener.events();
  }

  /**
   * Step 1 as generated code writes it for a default {@code @Retryable(noRetryFor =
   * IllegalArgumentException.class)}: cancellation and interruption never retried.
   */
  static boolean retryForException(Throwable failure) {
    return failure instanceof Exception
        && !(failure instanceof IllegalArgumentException)
        && !(failure instanceof InterruptedException)
        && !(failure instanceof CancellationException);
  }

  /** Every event as one line: {@code retry #1 down 100ms +0ms}, {@code failure #3 down CANCELLED +250ms}. */
  static final class Recording implements RetryListener {
    private final List<String> events = Collections.synchronizedList(new ArrayList<String>());

    @Override
    public void onRetry(RetryEvent event) {
      events.add(
          "retry #" + event.attempt() + " " + describe(event) + " " + event.delayMillis() + "ms "
              + at(event));
    }

    @Override
    public void onSuccess(RetryEvent event) {
      events.add("success #" + event.attempt() + " " + at(event));
    }

    @Override
    public void onFailure(RetryEvent event) {
      events.add(
          "failure #" + event.attempt() + " " + describe(event) + " " + event.reason() + " "
              + at(event));
    }

    List<String> events() {
      synchronized (events) {
        return new ArrayList<String>(events);
      }
    }

    private static String describe(RetryEvent event) {
      Throwable failure = event.failure();
      if (failure == null) {
        return "-";
      }
      return failure.getMessage() != null ? failure.getMessage() : failure.getClass().getSimpleName();
    }

    private static String at(RetryEvent event) {
      long nanos = event.elapsedNanos();
      return nanos % 1_000_000L == 0L ? "+" + nanos / 1_000_000L + "ms" : "+" + nanos + "ns";
    }
  }

  /**
   * What generated code writes for a guarded method returning {@code Mono}: each attempt calls
   * the delegate (here {@code attempt}, given the attempt's number), step 1 of {@link
   * #retryForException}, the breaker's {@code failOn = Exception}.
   */
  static class ScriptedMono<T> extends MonoCall<T> {
    final AtomicInteger calls = new AtomicInteger();
    private final IntFunction<Mono<T>> attempt;

    ScriptedMono(Retrier retrier, CircuitBreakerGate breaker, IntFunction<Mono<T>> attempt) {
      super(retrier, breaker);
      this.attempt = attempt;
    }

    ScriptedMono(Retrier retrier, IntFunction<Mono<T>> attempt) {
      this(retrier, null, attempt);
    }

    @Override
    protected Mono<T> call() throws Throwable {
      return attempt.apply(calls.incrementAndGet());
    }

    @Override
    protected boolean retryable(Throwable failure) {
      return retryForException(failure);
    }

    @Override
    protected boolean breakerFailure(Throwable failure) {
      return failure instanceof Exception;
    }
  }

  /** {@link ScriptedMono} for a method returning {@code Flux}. */
  static class ScriptedFlux<T> extends FluxCall<T> {
    final AtomicInteger calls = new AtomicInteger();
    private final IntFunction<Flux<T>> attempt;

    ScriptedFlux(Retrier retrier, CircuitBreakerGate breaker, IntFunction<Flux<T>> attempt) {
      super(retrier, breaker);
      this.attempt = attempt;
    }

    ScriptedFlux(Retrier retrier, IntFunction<Flux<T>> attempt) {
      this(retrier, null, attempt);
    }

    @Override
    protected Flux<T> call() throws Throwable {
      return attempt.apply(calls.incrementAndGet());
    }

    @Override
    protected boolean retryable(Throwable failure) {
      return retryForException(failure);
    }

    @Override
    protected boolean breakerFailure(Throwable failure) {
      return failure instanceof Exception;
    }
  }

  /** A new retryable failure. */
  static IOException down() {
    return new IOException("down");
  }
}
