package io.retrygen.runtime.internal;

import io.retrygen.GiveUpReason;
import io.retrygen.runtime.RetryOptions;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;

/**
 * Not API. One call of an asynchronous guarded method: the driver that makes its attempts without
 * blocking any thread, and the future the generated method returns ({@link #start}). Only
 * generated code uses this class: each asynchronous guarded method returns {@code new
 * AsyncCall<T>(retrier, breaker) {...}.start()}, whose anonymous body says how to make one attempt
 * ({@link #call}), which failures are retried ({@link #retryable}) or count for the breaker
 * ({@link #breakerFailure}), how to recover ({@link #recover}), and the user's {@code retryIf},
 * {@code retryOnResult} and {@code delayFor} ({@link #retryIf}, {@link #rejects}, {@link
 * #delayFor}, {@link #delayForResult}), which {@link CallSteps} hands to the decision order as its
 * {@link RetryHooks}. Not a {@code RetryHooks} itself: with that superclass the success path
 * measured 4 ns slower (JMH, JDK 17 and 25).
 *
 * <p>The first attempt runs on the caller's thread, in {@link #start}. Its outcome is observed
 * when its stage completes: a synchronous throw from {@link #call} and an exceptional completion
 * are both failures, classified after unwrapping {@link CompletionException} and {@link
 * ExecutionException}. After a failed attempt the {@link DecisionOrder} decides, as for a
 * synchronous method, on the thread that observed the outcome, and each later attempt runs after
 * its wait on the options' {@link RetryOptions.Builder#scheduler scheduler}, or without one on the
 * runtime's own daemon threads, never on the stack of the previous one's completion ({@link
 * CallSteps}). A scheduler of the options that refuses a wait, or drops it later (shut down), ends
 * the call with a {@link RejectedExecutionException} after {@code onFailure} with {@link
 * GiveUpReason#USER_CODE_FAILED} (the options' scheduler is the asynchronous call's {@code
 * Sleeper}), unrecovered: at once when it refuses, within about a tenth of a second when it drops
 * the task ({@link DroppedWaits}).
 *
 * <p>That future completes with the first success, the recovery's outcome, or the last failure
 * unwrapped. Cancelling it, or completing it from outside ({@code complete}, {@code
 * completeExceptionally}, hence {@code orTimeout}), stops further attempts and cancels the attempt
 * (or the recovery) in flight when that is a {@link Future}; the listeners hear {@code onSuccess},
 * or {@code onFailure} with {@link GiveUpReason#CANCELLED}, and the breaker permit of an attempt
 * abandoned that way is given back, exactly once ({@link CallState}). Every call ends with exactly
 * one {@code onSuccess} or {@code onFailure}, and no attempt starts once {@code cancel} has
 * returned true.
 *
 * <p>Under {@code @Timeout} (SPEC §16) each attempt's deadline is armed just before the method is
 * called ({@link TimedAttempt}), on the options' scheduler, else on the runtime's timer, which hands
 * the timeout to the runtime's pool. At the deadline the attempt's stage is cancelled (when it is
 * a {@link Future}) and the attempt fails with {@link AttemptTimer#timeout()}: the breaker records
 * it and the decision order takes it like any failure. An outcome the stage has later counts
 * nothing; an attempt that ends first cancels its deadline.
 *
 * <p>The interrupt flag belongs to a thread, not to an asynchronous call: an {@code
 * InterruptedException} ends the call like any failure that is not retried, and nothing sets a
 * flag again. Step 4 of the decision order still holds for the thread that observed the outcome:
 * no retry is scheduled while its interrupt flag is set.
 *
 * <p>Allocation: this object and its future are all a call makes when its stage is already
 * complete and succeeds; otherwise one callback object per call, and what {@link
 * CompletionStage#handle} and the scheduler allocate per attempt.
 *
 * <p>Needs Android API 24 ({@link CompletableFuture}); the synchronous path never loads it.
 *
 * @param <T> the value of the method's future
 */
@Api24
public abstract class AsyncCall<T> extends CallState<T> {
  /** Observes outcomes and runs later attempts; made when first needed. */
  private CallSteps<T> steps;

  /**
   * @param retrier the method's retrier, null when it has only a circuit breaker
   * @param breaker the method's circuit breaker, null when it has none
   */
  protected AsyncCall(Retrier retrier, CircuitBreakerGate breaker) {
    this(retrier, breaker, null);
  }

  /**
   * @param retrier the method's retrier, null when it has no {@code @Retryable}
   * @param breaker the method's circuit breaker, null when it has none
   * @param timer the method's {@code @Timeout}, null when it has none
   */
  protected AsyncCall(Retrier retrier, CircuitBreakerGate breaker, AttemptTimer timer) {
    super(retrier, breaker, timer);
  }

  /**
   * Makes one attempt: calls the guarded method and returns its stage. May throw: a synchronous
   * throw is a failed attempt.
   */
  protected abstract CompletionStage<? extends T> call() throws Throwable;

  /**
   * Step 1: whether {@code failure} may be retried ({@code retryFor}, {@code noRetryFor},
   * interruption, cancellation). Only consulted when the method has a retrier; the default
   * retries nothing.
   */
  protected boolean retryable(Throwable failure) {
    return false;
  }

  /** The {@code retryIf} predicate, as {@link RetryHooks#retryIf} says; the default allows all. */
  protected boolean retryIf(Throwable failure) throws Throwable {
    return true;
  }

  /** The {@code delayFor} method for a failure, as {@link RetryHooks#delayFor} says. */
  protected long delayFor(Throwable failure) throws Throwable {
    return -1L;
  }

  /** The {@code delayFor} method for a rejected result, as {@link RetryHooks#delayForResult}. */
  protected long delayForResult(T result) throws Throwable {
    return -1L;
  }

  /** The {@code retryOnResult} predicate, as {@link RetryHooks#rejects} says; rejects none. */
  protected boolean rejects(T result) throws Throwable {
    return false;
  }

  /** Whether {@code failure} counts as a breaker failure ({@code failOn}, {@code skipOn}). */
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
   * Makes the first attempt on the calling thread and returns the call's future; never throws but
   * for a second call. Called once, by the generated method.
   *
   * @throws IllegalStateException when called again
   */
  public final CompletableFuture<T> start() {
    if (state != 0L) {
      throw new IllegalStateException("already started");
    }
    try {
      startNanos = retrier != null ? retrier.start() : 0L;
      runAttempt(0);
    } catch (Throwable unexpected) {
      crash(unexpected);
    }
    return future;
  }

  /**
   * Makes the next attempt after {@code made} attempts, the call being IDLE on this thread. The
   * breaker permit is taken first, then the attempt claimed: a cancel before the claim starts no
   * attempt and gets the permit back. The first attempt needs no CAS: {@link #start} has not
   * returned the future yet, so nobody can end the call.
   */
  void runAttempt(int made) {
    Throwable refused = null;
    if (breaker != null) {
      SharedBreaker current = breaker.breaker();
      issuer = current;
      try {
        PERMIT.lazySet(this, breaker.acquire(current)); // published by the claim's CAS
      } catch (Throwable refusal) { // CircuitBreakerOpenException, or a Ticker that throws
        refused = refusal;
      }
    }
    long claimed = state(made + 1, ATTEMPTING);
    if (made == 0) {
      STATE.lazySet(this, claimed);
    } else if (!advance(state(made, IDLE), claimed)) {
      releasePermit(); // cancelled before the attempt could start
      return;
    }
    if (refused != null) {
      attemptFailed(refused);
      return;
    }
    if (timer != null) {
      runTimedAttempt();
      return;
    }
    CompletionStage<? extends T> stage;
    try {
      stage = call();
      if (stage == null) {
        throw new NullPointerException(label() + " returned null instead of a CompletionStage");
      }
    } catch (Throwable failure) {
      attemptFailed(Stages.unwrap(failure));
      return;
    }
    if (Stages.succeededAlready(stage)) {
      // No callback, no allocation: join() of a future that succeeded just reads its value.
      attemptSucceeded(((CompletableFuture<? extends T>) stage).join());
      return;
    }
    watch(stage);
    // handle, not whenComplete, and never join() on a failure: both would wrap the failure in a
    // new CompletionException (a stack trace, ~800 B) only for unwrap() to drop it.
    stage.handle(steps());
  }

  /**
   * The attempt claimed by {@link #runAttempt} under {@code @Timeout}: its deadline armed before
   * the method is called ({@link TimedAttempt}); a scheduler that refuses the deadline ends the
   * call as one that refuses a wait does, the permit given back.
   */
  private void runTimedAttempt() {
    TimedAttempt<T> timed = new TimedAttempt<T>(this);
    try {
      timed.arm();
    } catch (Throwable refused) {
      releasePermit();
      abort(refused, GiveUpReason.USER_CODE_FAILED);
      return;
    }
    CompletionStage<? extends T> stage;
    try {
      stage = call();
      if (stage == null) {
        throw new NullPointerException(label() + " returned null instead of a CompletionStage");
      }
    } catch (Throwable failure) {
      attemptFailed(timed.endCalling() ? Stages.unwrap(failure) : timer.timeout());
      return;
    }
    if (Stages.succeededAlready(stage)) {
      if (timed.endCalling()) {
        attemptSucceeded(((CompletableFuture<? extends T>) stage).join());
      } else {
        attemptFailed(timer.timeout()); // returned after its deadline: the result is dropped
      }
      return;
    }
    watch(stage);
    if (timed.watching(stage)) {
      stage.handle(timed);
      return;
    }
    // The deadline passed while the method ran: nobody else has seen this stage.
    if (stage instanceof Future) {
      IN_FLIGHT.compareAndSet(this, (Future<?>) stage, null);
    }
    TimedAttempt.cancelStage(stage);
    attemptFailed(timer.timeout());
  }

  /** The outcome of the attempt in flight, on the thread that completed it. */
  void attemptCompleted(T result, Throwable failure) {
    inFlight = null;
    if (failure != null) {
      attemptFailed(Stages.unwrap(failure));
    } else {
      attemptSucceeded(result);
    }
  }

  /**
   * The attempt in flight ended with {@code failure} (null for a result): records its breaker
   * outcome, unless an end from outside gave its permit back (then it counts nothing). False when
   * the call had ended from outside; else this thread now decides what comes next.
   */
  private boolean attemptEnded(Throwable failure) {
    if (breaker != null) {
      long taken = PERMIT.getAndSet(this, CircuitBreakerGate.NO_PERMIT);
      if (taken != CircuitBreakerGate.NO_PERMIT) {
        if (running(phaseOf(state))) {
          issuer.record(taken, failure != null && breakerFailure(failure));
        } else {
          issuer.release(taken); // says nothing about the dependency once the call was abandoned
        }
      }
    }
    return phaseOf(state) == ATTEMPTING;
  }

  private void attemptFailed(Throwable failure) {
    if (!attemptEnded(failure)) {
      return;
    }
    if (retrier == null) {
      // A breaker alone: one attempt, then recovery; a cancellation is never recovered.
      if (failure instanceof CancellationException) {
        abort(failure, GiveUpReason.CANCELLED);
      } else {
        giveUp(failure, GiveUpReason.NOT_RETRYABLE);
      }
      return;
    }
    long decision;
    try {
      decision = retrier.decide(attempt(), startNanos, failure, retryable(failure), steps());
    } catch (Throwable thrown) {
      abort(thrown, GiveUpReason.USER_CODE_FAILED);
      return;
    }
    if (DecisionOrder.retries(decision)) {
      steps().waitThenRetry(failure, null, decision);
    } else if (decision == DecisionOrder.CANCELLED) {
      abort(failure, GiveUpReason.CANCELLED); // whoever cancelled the attempt wants it over
    } else {
      giveUp(failure, DecisionOrder.reason(decision));
    }
  }

  private void attemptSucceeded(T result) {
    if (!attemptEnded(null)) {
      return;
    }
    if (retrier == null) {
      if (end()) {
        future.settle(result);
      }
      return;
    }
    boolean rejected;
    long decision = 0L;
    try {
      rejected = rejects(result);
      if (rejected) {
        decision = retrier.decideOnResult(attempt(), startNanos, result, steps());
      }
    } catch (Throwable thrown) {
      abort(thrown, GiveUpReason.USER_CODE_FAILED);
      return;
    }
    if (!rejected) {
      if (end()) {
        retrier.succeeded(attempt(), startNanos);
        future.settle(result);
      }
    } else if (DecisionOrder.retries(decision)) {
      steps().waitThenRetry(null, result, decision);
    } else {
      giveUpOnResult(result, DecisionOrder.reason(decision));
    }
  }

  /** Gives up with {@code failure} for {@code reason}: {@code onFailure}, then the recovery. */
  void giveUp(Throwable failure, GiveUpReason reason) {
    if (!end()) {
      return;
    }
    int attempt = attempt();
    if (retrier != null) {
      retrier.gaveUp(attempt, startNanos, failure, reason);
    }
    CompletionStage<? extends T> recovered;
    try {
      recovered = recover(failure);
      if (recovered == null) {
        throw new NullPointerException(label() + ": the recover method returned null");
      }
    } catch (Throwable thrown) {
      future.settleExceptionally(Stages.unwrap(thrown));
      return;
    }
    if (Stages.succeededAlready(recovered)) {
      future.settle(((CompletableFuture<? extends T>) recovered).join());
      return;
    }
    if (recovered instanceof Future) {
      inFlight = (Future<?>) recovered;
    }
    state = state(attempt, RECOVERING); // from now on a cancel() cancels the recovery
    recovered.handle(new CallSteps.Relay<T>(this));
  }

  private CallSteps<T> steps() {
    CallSteps<T> current = steps;
    if (current == null) {
      current = new CallSteps<T>(this);
      steps = current;
    }
    return current;
  }
}
