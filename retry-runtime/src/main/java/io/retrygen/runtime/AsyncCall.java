package io.retrygen.runtime;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;
import java.util.function.BiFunction;

/**
 * One call of an asynchronous guarded method (SPEC §7): the future the generated method returns,
 * and the driver that makes its attempts without blocking any thread. Only generated code uses
 * this class: each asynchronous guarded method returns {@code new AsyncCall<T>(retrier, breaker)
 * {...}.start()}, whose anonymous body says how to make one attempt ({@link #call}) and what the
 * annotations decided ({@link #retryable}, {@link #retryIf}, {@link #rejects}, {@link
 * #breakerFailure}, {@link #recover}).
 *
 * <p>The first attempt runs on the caller's thread, in {@link #start}. Its outcome is observed
 * when its stage completes: a synchronous throw from {@link #call} and an exceptional completion
 * are both failures, classified after unwrapping {@link CompletionException} and {@link
 * ExecutionException}. After a failed attempt the decision order is that of a synchronous method
 * (SPEC §3), taken on the thread that observed the outcome, and each later attempt is scheduled
 * after its wait: on the options' {@link RetryOptions.Builder#scheduler scheduler} when one was
 * set (the attempt then runs on a thread of that scheduler), else on the runtime's daemon timer,
 * which only times the wait and hands the attempt to the executor {@link CompletableFuture} uses
 * by default ({@link java.util.concurrent.ForkJoinPool#commonPool()}, or a thread per attempt when
 * the common pool has fewer than two threads), so a delegate that blocks never delays other
 * retries. No attempt ever runs on the stack of the previous one's completion.
 *
 * <p>This future completes with the first success, the recovery's outcome, or the last failure
 * unwrapped. Cancelling it stops further attempts, cancels the attempt (or the recovery) in flight
 * when that is a {@link Future}, and ends the call with {@code onFailure} whose failure is a
 * {@link CancellationException}; the breaker permit of an attempt abandoned that way is given back
 * without an outcome. A call completed from outside ({@link #complete}, {@link
 * #completeExceptionally}, hence {@code orTimeout}) ends the same way, with {@code onSuccess} or
 * {@code onFailure} with that exception.
 *
 * <p>The interrupt flag belongs to a thread, not to an asynchronous call: an {@code
 * InterruptedException} ends the call like any failure that is not retried, and nothing sets a
 * flag again. Step 4 of the decision order still holds for the thread that observed the outcome:
 * no retry is scheduled while its interrupt flag is set.
 *
 * <p>Allocation: this object is the only one a call makes when its stage is already complete and
 * succeeds; otherwise one callback object per call, and what {@link
 * CompletionStage#handle} and the scheduler allocate per attempt.
 *
 * <p>Needs Android API 24 ({@link CompletableFuture}); the synchronous path never loads it.
 *
 * @param <T> the value of the method's future
 */
@Api24
public abstract class AsyncCall<T> extends CompletableFuture<T> {
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicIntegerFieldUpdater<AsyncCall> ENDED =
      AtomicIntegerFieldUpdater.newUpdater(AsyncCall.class, "ended");
  @SuppressWarnings("rawtypes") // the updater's class literal cannot be parameterized
  private static final AtomicReferenceFieldUpdater<AsyncCall, Future> IN_FLIGHT =
      AtomicReferenceFieldUpdater.newUpdater(AsyncCall.class, Future.class, "inFlight");

  /** Null for a method with only a circuit breaker. */
  private final Retrier retrier;
  /** Null for a method with no circuit breaker. */
  private final CircuitBreakerGate breaker;

  private long startNanos;
  /** 1-based number of the current attempt; volatile so that {@link #cancel} reads it fresh. */
  private volatile int attempt;
  private long permit = CircuitBreakerGate.NO_PERMIT;
  /** The failure that led to the pending wait; null when a result was rejected. */
  private Throwable lastFailure;
  /** The rejected result that led to the pending wait. */
  private T lastResult;
  /** The attempt, the recovery or the wait in flight, for {@link #cancel}. */
  private volatile Future<?> inFlight;
  /** Set once, by whoever ends the call: it tells the listeners, nobody else does. */
  private volatile int ended;
  /** Observes outcomes and runs later attempts; made when first needed. */
  private Steps steps;

  /**
   * @param retrier the method's retrier, null when it has only a circuit breaker
   * @param breaker the method's circuit breaker, null when it has none
   */
  protected AsyncCall(Retrier retrier, CircuitBreakerGate breaker) {
    if (retrier == null && breaker == null) {
      throw new NullPointerException("retrier == null && breaker == null");
    }
    this.retrier = retrier;
    this.breaker = breaker;
  }

  /**
   * Makes one attempt: calls the guarded method and returns its stage. May throw: a synchronous
   * throw is a failed attempt.
   */
  protected abstract CompletionStage<? extends T> call() throws Throwable;

  /**
   * Whether {@code failure} may be retried ({@code retryFor}, {@code noRetryFor}, interruption).
   * Only consulted when the method has a retrier; the default retries nothing.
   */
  protected boolean retryable(Throwable failure) {
    return false;
  }

  /** The {@code retryIf} predicate; the default allows every retry. */
  protected boolean retryIf(Throwable failure) throws Throwable {
    return true;
  }

  /** The {@code retryOnResult} predicate: true when {@code result} is a failed attempt. */
  protected boolean rejects(T result) throws Throwable {
    return false;
  }

  /** Whether {@code failure} counts as a failure for the circuit breaker ({@code failOn}, {@code skipOn}). */
  protected boolean breakerFailure(Throwable failure) {
    return false;
  }

  /**
   * The recovery after the call gave up with {@code failure}: the stage whose outcome becomes the
   * call's, or {@code failure} thrown again (the default) when no recover method applies.
   */
  protected CompletionStage<? extends T> recover(Throwable failure) throws Throwable {
    throw failure;
  }

  /**
   * Makes the first attempt on the calling thread and returns this future. Called once, by the
   * generated method.
   *
   * @throws IllegalStateException when called again
   */
  public final CompletableFuture<T> start() {
    if (attempt != 0) {
      throw new IllegalStateException("already started");
    }
    startNanos = retrier != null ? retrier.start() : 0L;
    runAttempt();
    return this;
  }

  /**
   * Cancels the call: no further attempt starts, the attempt or recovery in flight is cancelled
   * when it is a {@link Future}, and the listeners get {@code onFailure} with a {@link
   * CancellationException} unless the call had already ended.
   */
  @Override
  public boolean cancel(boolean mayInterruptIfRunning) {
    if (attempt != 0 && end()) {
      tellListeners(new CancellationException());
    }
    boolean cancelled = super.cancel(mayInterruptIfRunning);
    cancelInFlight(mayInterruptIfRunning);
    return cancelled;
  }

  /**
   * Completes the call from outside with {@code value}, unless it had ended: as {@link #cancel},
   * no further attempt starts and the attempt or recovery in flight is cancelled; the listeners
   * get {@code onSuccess}.
   */
  @Override
  public boolean complete(T value) {
    // The runtime's own paths claim the end first: only a completion from outside gets here.
    if (attempt != 0 && end()) {
      tellListeners(null);
      boolean completed = super.complete(value);
      cancelInFlight(false);
      return completed;
    }
    return super.complete(value);
  }

  /**
   * Completes the call from outside with {@code failure} ({@code orTimeout} does), unless it had
   * ended: as {@link #cancel}, no further attempt starts and the attempt or recovery in flight is
   * cancelled; the listeners get {@code onFailure} with {@code failure}.
   */
  @Override
  public boolean completeExceptionally(Throwable failure) {
    if (attempt != 0 && end()) {
      tellListeners(failure == null ? new NullPointerException() : failure);
      boolean completed = super.completeExceptionally(failure);
      cancelInFlight(false);
      return completed;
    }
    return super.completeExceptionally(failure);
  }

  /** The end event of a call ended from outside: {@code onFailure}, or {@code onSuccess} for null. */
  private void tellListeners(Throwable failure) {
    if (retrier == null) {
      return;
    }
    if (failure != null) {
      retrier.failed(attempt, startNanos, failure);
    } else {
      retrier.succeeded(attempt, startNanos);
    }
  }

  private void cancelInFlight(boolean mayInterruptIfRunning) {
    Future<?> current = inFlight;
    if (current != null) {
      current.cancel(mayInterruptIfRunning);
    }
  }

  /**
   * Whether the call ended while an attempt or a wait was in flight: cancelled, or completed from
   * outside. Then no attempt starts and no outcome counts.
   */
  private boolean abandoned() {
    if (ended != 0) {
      return true;
    }
    if (!isDone()) {
      return false;
    }
    if (end()) { // obtrudeValue or obtrudeException: the only completions that bypass ours
      Throwable failure = null;
      try {
        join();
      } catch (Throwable thrown) {
        failure = unwrap(thrown);
      }
      tellListeners(failure);
    }
    return true;
  }

  /** Claims the end of the call; false when it had ended already (cancelled). */
  private boolean end() {
    return ENDED.compareAndSet(this, 0, 1);
  }

  private void runAttempt() {
    if (abandoned()) {
      return; // cancelled during the wait
    }
    attempt = attempt + 1;
    CompletionStage<? extends T> stage;
    try {
      if (breaker != null) {
        permit = CircuitBreakerGate.NO_PERMIT;
        permit = breaker.acquire();
      }
      stage = call();
      if (stage == null) {
        throw new NullPointerException(label() + " returned null instead of a CompletionStage");
      }
    } catch (Throwable failure) {
      attemptFailed(unwrap(failure));
      return;
    }
    if (succeededAlready(stage)) {
      // No callback, no allocation: join() of a future that succeeded just reads its value.
      attemptSucceeded(((CompletableFuture<? extends T>) stage).join());
      return;
    }
    watch(stage);
    // handle, not whenComplete, and never join() on a failure: both would wrap the failure in a
    // new CompletionException (a stack trace, ~800 B) only for unwrap() to drop it.
    stage.handle(steps());
  }

  private static boolean succeededAlready(CompletionStage<?> stage) {
    return stage instanceof CompletableFuture
        && ((CompletableFuture<?>) stage).isDone()
        && !((CompletableFuture<?>) stage).isCompletedExceptionally();
  }

  /** Makes {@code stage} the one {@link #cancel} cancels, and cancels it if that happened already. */
  private void watch(CompletionStage<?> stage) {
    if (stage instanceof Future) {
      Future<?> future = (Future<?>) stage;
      inFlight = future;
      if (isCancelled()) {
        future.cancel(true);
      }
    }
  }

  /** The outcome of the attempt in flight, on the thread that completed it. */
  void attemptCompleted(T result, Throwable failure) {
    inFlight = null;
    if (failure != null) {
      attemptFailed(unwrap(failure));
    } else {
      attemptSucceeded(result);
    }
  }

  private void attemptFailed(Throwable failure) {
    boolean abandoned = abandoned();
    if (breaker != null) {
      if (abandoned && failure instanceof CancellationException) {
        breaker.release(permit); // abandoned by our own cancel(): says nothing about the dependency
      } else if (breakerFailure(failure)) {
        breaker.onFailure(permit);
      } else {
        breaker.onSuccess(permit);
      }
    }
    if (abandoned) {
      return;
    }
    if (retrier != null && retryable(failure) && retrier.mayRetry(attempt)) {
      boolean retry;
      try {
        retry = retryIf(failure);
      } catch (Throwable predicateFailure) {
        abort(predicateFailure);
        return;
      }
      if (retry && waitThenRetry(failure, null)) {
        return;
      }
    }
    giveUp(failure);
  }

  private void attemptSucceeded(T result) {
    if (breaker != null) {
      breaker.onSuccess(permit);
    }
    if (abandoned()) {
      return;
    }
    if (retrier == null) {
      if (end()) {
        complete(result);
      }
      return;
    }
    boolean rejected;
    try {
      rejected = rejects(result);
    } catch (Throwable predicateFailure) {
      abort(predicateFailure);
      return;
    }
    if (rejected) {
      if (retrier.mayRetry(attempt) && waitThenRetry(null, result)) {
        return;
      }
      giveUpOnResult(result);
      return;
    }
    if (end()) {
      retrier.succeeded(attempt, startNanos);
      complete(result);
    }
  }

  /**
   * Steps 7 to 9 of the decision order: computes the wait, gives up (false) when it would reach
   * {@code maxDuration}, else tells the listeners and schedules the next attempt.
   */
  private boolean waitThenRetry(Throwable failure, T result) {
    long delayMillis = retrier.nextDelay(attempt, startNanos);
    if (delayMillis < 0) {
      return false;
    }
    lastFailure = failure;
    lastResult = result;
    retrier.retrying(attempt, startNanos, failure, delayMillis);
    Future<?> pending;
    try {
      pending = schedule(delayMillis);
    } catch (RuntimeException | Error schedulerFailure) {
      abort(schedulerFailure); // say, a scheduler that was shut down
      return true;
    }
    // Not over the attempt its task may have started already, on another thread, before
    // schedule() returned: that attempt is the one cancel() must reach.
    IN_FLIGHT.compareAndSet(this, null, pending);
    if (isCancelled()) {
      pending.cancel(false);
    }
    return true;
  }

  private Future<?> schedule(long delayMillis) {
    ScheduledExecutorService scheduler = retrier.scheduler();
    Steps next = steps();
    if (scheduler != null) {
      return scheduler.schedule(next, delayMillis, TimeUnit.MILLISECONDS);
    }
    if (delayMillis == 0) {
      return CompletableFuture.runAsync(next);
    }
    return SharedScheduler.INSTANCE.schedule(new Handoff(next), delayMillis, TimeUnit.MILLISECONDS);
  }

  /** The next attempt, once its wait is over. */
  void waitEnded() {
    inFlight = null;
    if (abandoned()) {
      return;
    }
    if (retrier.timeLeft(startNanos)) {
      runAttempt();
    } else if (lastFailure != null) {
      giveUp(lastFailure);
    } else {
      giveUpOnResult(lastResult);
    }
  }

  private void giveUp(Throwable failure) {
    if (!end()) {
      return;
    }
    if (retrier != null) {
      retrier.failed(attempt, startNanos, failure);
    }
    CompletionStage<? extends T> recovered;
    try {
      recovered = recover(failure);
      if (recovered == null) {
        throw new NullPointerException(label() + ": the recover method returned null");
      }
    } catch (Throwable thrown) {
      completeExceptionally(unwrap(thrown));
      return;
    }
    if (succeededAlready(recovered)) {
      complete(((CompletableFuture<? extends T>) recovered).join());
      return;
    }
    watch(recovered);
    recovered.handle(new Relay<T>(this));
  }

  /** Out of attempts or time after a rejected result: the last result stands, with no recovery. */
  private void giveUpOnResult(T result) {
    if (end()) {
      retrier.failed(attempt, startNanos, null);
      complete(result);
    }
  }

  /** Ends the call with an exception thrown by user code or the scheduler: not retried, not recovered. */
  private void abort(Throwable failure) {
    if (end()) {
      if (retrier != null) {
        retrier.failed(attempt, startNanos, failure);
      }
      completeExceptionally(failure);
    }
  }

  private Steps steps() {
    Steps current = steps;
    if (current == null) {
      current = new Steps(this);
      steps = current;
    }
    return current;
  }

  private String label() {
    return retrier != null ? retrier.label() : breaker.name();
  }

  /** The failure itself, without the {@link CompletionException}s and {@link ExecutionException}s around it. */
  static Throwable unwrap(Throwable failure) {
    Throwable current = failure;
    while ((current instanceof CompletionException || current instanceof ExecutionException)
        && current.getCause() != null) {
      current = current.getCause();
    }
    return current;
  }

  /**
   * Observes attempts and runs the next one after a wait. A separate object, so that neither
   * callback is a public method of the future the caller holds.
   */
  @Api24
  private static final class Steps implements BiFunction<Object, Throwable, Void>, Runnable {
    private final AsyncCall<?> call;

    Steps(AsyncCall<?> call) {
      this.call = call;
    }

    @Override
    @SuppressWarnings("unchecked") // the stages it observes are those of its call
    public Void apply(Object result, Throwable failure) {
      ((AsyncCall<Object>) call).attemptCompleted(result, failure);
      return null;
    }

    @Override
    public void run() {
      call.waitEnded();
    }
  }

  /** On the runtime's timer: hands the next attempt to the default executor once the wait is over. */
  @Api24
  private static final class Handoff implements Runnable {
    private final Runnable next;

    Handoff(Runnable next) {
      this.next = next;
    }

    @Override
    public void run() {
      CompletableFuture.runAsync(next);
    }
  }

  /** Completes a call with the outcome of its recovery. */
  @Api24
  private static final class Relay<T> implements BiFunction<T, Throwable, Void> {
    private final AsyncCall<T> call;

    Relay(AsyncCall<T> call) {
      this.call = call;
    }

    @Override
    public Void apply(T value, Throwable failure) {
      call.inFlight = null;
      if (failure != null) {
        call.completeExceptionally(unwrap(failure));
      } else {
        call.complete(value);
      }
      return null;
    }
  }
}
