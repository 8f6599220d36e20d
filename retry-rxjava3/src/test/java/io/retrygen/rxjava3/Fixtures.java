package io.retrygen.rxjava3;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.internal.AttemptTimer;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.CircuitBreakerPolicy;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.RetryPolicy;
import io.retrygen.runtime.internal.TimeoutPolicy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/** What the tests of the loops share: options on the test scheduler's time, and scripted calls. */
final class Fixtures {
  private static final AtomicInteger IDS = new AtomicInteger();

  private Fixtures() {}

  /**
   * One test's options and names: a ticker on the {@link TestScheduler}'s virtual time (so that
   * {@code maxDuration}, the events' times and the breaker's delay follow it), a listener that
   * records, and a label no other test shares (breakers and budgets live per name in the
   * process). The options' sleeper fails the test: reactive calls never block.
   */
  static final class Fixture {
    final RecordingListener listener = new RecordingListener();
    final String label = "Client.call" + IDS.incrementAndGet();
    final RetryOptions options;

    Fixture(TestScheduler scheduler) {
      this.options = builder(scheduler).build();
    }

    /** The options of this fixture, to add a scheduler to. */
    RetryOptions.Builder builder(TestScheduler scheduler) {
      return RetryOptions.builder()
          .ticker(() -> scheduler.now(TimeUnit.NANOSECONDS))
          .sleeper(millis -> {
            throw new AssertionError("slept " + millis + " ms on a thread");
          })
          .listener(listener);
    }

    /** As generated code binds {@code @Retryable}: a constant policy, bound to the options. */
    Retrier retrier(int maxAttempts, BackoffPolicy backoff) {
      return policy(maxAttempts, backoff, 0L).bind(options);
    }

    Retrier retrier(int maxAttempts, BackoffPolicy backoff, long maxDurationMillis) {
      return policy(maxAttempts, backoff, maxDurationMillis).bind(options);
    }

    RetryPolicy policy(int maxAttempts, BackoffPolicy backoff, long maxDurationMillis) {
      return new RetryPolicy(label, maxAttempts, maxDurationMillis, backoff);
    }

    /** As generated code binds an unnamed {@code @CircuitBreaker}: under the method's label. */
    CircuitBreakerGate breaker(int requestVolumeThreshold, double failureRatio, long delayMillis) {
      return new CircuitBreakerPolicy("", requestVolumeThreshold, failureRatio, delayMillis, 1)
          .bind(options, label);
    }

    /** As generated code binds {@code @Timeout(millis)}. */
    AttemptTimer timer(long millis) {
      return new TimeoutPolicy(label, millis).bind(options);
    }

    List<String> events() {
      return listener.events;
    }
  }

  /** Every event as one line: {@code retry #1 down 100ms +0ms}, {@code failure #3 down CANCELLED +250ms}. */
  static final class RecordingListener implements RetryListener {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onRetry(RetryEvent event) {
      events.add("retry #" + event.attempt() + " " + describe(event) + " "
          + event.delayMillis() + "ms " + at(event));
    }

    @Override
    public void onSuccess(RetryEvent event) {
      events.add("success #" + event.attempt() + " " + at(event));
    }

    @Override
    public void onFailure(RetryEvent event) {
      events.add("failure #" + event.attempt() + " " + describe(event) + " " + event.reason()
          + " " + at(event));
    }

    private static String describe(RetryEvent event) {
      Throwable failure = event.failure();
      if (failure == null) {
        return "-";
      }
      if (failure instanceof CancellationException || failure.getMessage() == null) {
        return failure.getClass().getSimpleName();
      }
      return failure.getMessage();
    }

    /** Whole milliseconds of virtual time; anything finer would be a clock we did not set. */
    private static String at(RetryEvent event) {
      long nanos = event.elapsedNanos();
      return nanos % 1_000_000L == 0L ? "+" + nanos / 1_000_000L + "ms" : "+" + nanos + "ns";
    }
  }

  /** One attempt of a scripted call, given its 1-based number. */
  interface Attempt<R> {
    R make(int number) throws Throwable;
  }

  /**
   * Step 1 as generated code writes it for {@code @Retryable(noRetryFor =
   * IllegalArgumentException.class)} (retryFor defaults to Exception; interruption and
   * cancellation are never retried).
   */
  static boolean retryForException(Throwable failure) {
    return failure instanceof Exception
        && !(failure instanceof IllegalArgumentException)
        && !(failure instanceof InterruptedException)
        && !(failure instanceof CancellationException);
  }

  /**
   * What generated code writes for a guarded method returning a {@code Single}: each attempt calls
   * the delegate (here the script, given the attempt's number), with the classification of {@link
   * #retryForException} and the breaker's {@code failOn = Exception}.
   */
  static class ScriptedSingle<T> extends SingleCall<T> {
    private final Attempt<Single<T>> script;
    int calls;

    ScriptedSingle(Retrier retrier, CircuitBreakerGate breaker, Attempt<Single<T>> script) {
      this(retrier, breaker, null, script);
    }

    ScriptedSingle(
        Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, Attempt<Single<T>> script) {
      super(retrier, breaker, timer);
      this.script = script;
    }

    @Override
    protected Single<T> call() throws Throwable {
      return script.make(++calls);
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

  /** {@link ScriptedSingle} for a {@code Maybe}. */
  static class ScriptedMaybe<T> extends MaybeCall<T> {
    private final Attempt<Maybe<T>> script;
    int calls;

    ScriptedMaybe(Retrier retrier, CircuitBreakerGate breaker, Attempt<Maybe<T>> script) {
      this(retrier, breaker, null, script);
    }

    ScriptedMaybe(
        Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, Attempt<Maybe<T>> script) {
      super(retrier, breaker, timer);
      this.script = script;
    }

    @Override
    protected Maybe<T> call() throws Throwable {
      return script.make(++calls);
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

  /** {@link ScriptedSingle} for a {@code Completable}. */
  static class ScriptedCompletable extends CompletableCall {
    private final Attempt<Completable> script;
    int calls;

    ScriptedCompletable(Retrier retrier, CircuitBreakerGate breaker, Attempt<Completable> script) {
      this(retrier, breaker, null, script);
    }

    ScriptedCompletable(
        Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, Attempt<Completable> script) {
      super(retrier, breaker, timer);
      this.script = script;
    }

    @Override
    protected Completable call() throws Throwable {
      return script.make(++calls);
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

  /** {@link ScriptedSingle} for an {@code Observable}. */
  static class ScriptedObservable<T> extends ObservableCall<T> {
    private final Attempt<Observable<T>> script;
    int calls;

    ScriptedObservable(Retrier retrier, CircuitBreakerGate breaker, Attempt<Observable<T>> script) {
      this(retrier, breaker, null, script);
    }

    ScriptedObservable(
        Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, Attempt<Observable<T>> script) {
      super(retrier, breaker, timer);
      this.script = script;
    }

    @Override
    protected Observable<T> call() throws Throwable {
      return script.make(++calls);
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

  /** {@link ScriptedSingle} for a {@code Flowable}. */
  static class ScriptedFlowable<T> extends FlowableCall<T> {
    private final Attempt<Flowable<T>> script;
    int calls;

    ScriptedFlowable(Retrier retrier, CircuitBreakerGate breaker, Attempt<Flowable<T>> script) {
      this(retrier, breaker, null, script);
    }

    ScriptedFlowable(
        Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer, Attempt<Flowable<T>> script) {
      super(retrier, breaker, timer);
      this.script = script;
    }

    @Override
    protected Flowable<T> call() throws Throwable {
      return script.make(++calls);
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
}
