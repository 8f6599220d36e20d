package io.retrygen.oracle;

import io.reactivex.rxjava3.core.Single;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.RandomSource;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CancellationException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import kotlin.ResultKt;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlin.coroutines.CoroutineContext;
import kotlin.coroutines.intrinsics.IntrinsicsKt;
import kotlinx.coroutines.CancellableContinuation;
import kotlinx.coroutines.CancellableContinuationImpl;
import kotlinx.coroutines.DisposableHandle;
import kotlinx.coroutines.Job;
import kotlinx.coroutines.JobKt;
import kotlinx.coroutines.flow.Flow;
import kotlinx.coroutines.flow.FlowCollector;
import reactor.core.publisher.Mono;

/**
 * The observed side of one run of a case on one path: the virtual clock ({@link Sleeper}, {@link
 * Ticker}), the scripted randomness ({@link RandomSource}), the manual scheduler, the guarded code
 * and, through {@link UserCode}, the predicates and recover methods ({@link Hooks}), all of which
 * write what they see into {@link #trace}. Everything runs on the test's thread, so the trace is
 * in the order things happened.
 *
 * <p>On {@link Path#SUSPEND} the clock is the test scheduler's virtual time ({@link Coroutines})
 * plus what passes outside it (the gaps between calls, attempts that take time without
 * suspending), and a coroutine has no thread of its own: the script's interrupts mean a
 * cancellation of the calling coroutine there (see {@link #attemptSuspend} and {@link #delayed}).
 */
final class World implements Sleeper, Ticker, RandomSource {
  /** The virtual clock starts here, not at 0, so that a time never read shows. */
  private static final long EPOCH = 7_000_000_000_000L;
  /** Hook calls after which a run is a runaway: the hooks then steer every call to its end. */
  private static final int RUNAWAY = 20_000;

  final Trace trace = new Trace();
  final ManualScheduler scheduler = new ManualScheduler(this);
  final UserCode userCode = new UserCode(this);
  /** The coroutines of {@link Path#SUSPEND}; null on the other paths. */
  private final Coroutines coroutines;
  private final Script script;
  private final Path path;
  /** Null when the policy has no breaker. */
  private final String breakerName;
  private final Map<Throwable, String> ids = new IdentityHashMap<>();
  private final Map<Throwable, Script.Attempt> attempts = new IdentityHashMap<>();
  private final Map<String, Script.Attempt> results = new HashMap<>();
  private long nanos = EPOCH;
  private int draws;
  private int steps;
  private Script.Call call;
  private Throwable lastFailure;
  private int callNumber;
  /** The argument of the call. */
  private String arg;
  private int invocations;
  private int waits;
  /** Whether the generated method is running on the caller's stack (not a scheduled task). */
  boolean insideCall;

  World(Script script, Path path, String breakerName) {
    this.script = script;
    this.path = path;
    this.breakerName = breakerName;
    this.coroutines = path.suspend ? new Coroutines(this) : null;
  }

  Coroutines coroutines() {
    return coroutines;
  }

  /** Call {@code number} begins; its guarded code must be invoked with {@code arg}. */
  void beginCall(int number, String arg) {
    call = script.calls.get(number - 1);
    callNumber = number;
    this.arg = arg;
    invocations = 0;
    waits = 0;
    nanos += millis(call.gapBefore);
    lastFailure = null;
    trace.call(number, arg);
    // A coroutine has no thread of its own whose flag a caller could have set before the call.
    if (call.interruptedBefore && !path.suspend) {
      Thread.currentThread().interrupt();
    }
  }

  /** The failure of the call's last invocation that failed, for a template's context. */
  Throwable lastFailure() {
    return lastFailure;
  }

  /** Ends the call's trace, and clears the interrupt flag for the next call. */
  void endCall(String outcome) {
    trace.end(outcome, Thread.interrupted());
  }

  int invocations() {
    return invocations;
  }

  String attempt(String arg) {
    return complete(invoke(arg, true));
  }

  /** The invocation's trace line, then its result returned or its failure thrown. */
  private String complete(Script.Attempt scripted) {
    String where = !path.async ? "" : insideCall ? "@caller" : "@scheduler";
    if (scripted.failure != null) {
      Throwable failure = failure(scripted);
      trace.invoke(invocations, where, "throws " + id(failure), mark(scripted));
      throw Hooks.sneaky(failure);
    }
    String result = result(scripted);
    trace.invoke(invocations, where, "returns " + result, mark(scripted));
    return result;
  }

  /** What else an invocation did: set the interrupt flag, or (suspend) cancel the coroutine. */
  private String mark(Script.Attempt scripted) {
    return !scripted.interrupts || path.flow ? "" : path.suspend ? "+cancel K" + callNumber : "+interrupt";
  }

  /**
   * An asynchronous invocation: the failure thrown at once, or a future that is complete when
   * returned or that the scheduler completes {@code duration} ms later ({@code LATER}).
   */
  CompletableFuture<String> attemptAsync(String arg) {
    boolean later = steps < RUNAWAY && call.attempt(invocations + 1).form == Script.Form.LATER;
    Script.Attempt scripted = invoke(arg, !later);
    String where = insideCall ? "@caller" : "@scheduler";
    CompletableFuture<String> future = new CompletableFuture<>();
    Runnable completion;
    if (scripted.failure == null) {
      String result = result(scripted);
      trace.invoke(invocations, where, "returns " + result, scripted.interrupts);
      completion = () -> future.complete(result);
    } else {
      Throwable failure = failure(scripted);
      trace.invoke(invocations, where, "throws " + id(failure), scripted.interrupts);
      if (scripted.form == Script.Form.THROWN) {
        throw Hooks.sneaky(failure);
      }
      if (scripted.form == Script.Form.WRAPPED_TWICE) {
        failure = new ExecutionException(failure);
        ids.put(failure, "X" + callNumber + "." + invocations);
      }
      if (scripted.form == Script.Form.WRAPPED || scripted.form == Script.Form.WRAPPED_TWICE) {
        failure = new CompletionException(failure);
        ids.put(failure, "W" + callNumber + "." + invocations);
      }
      Throwable outcome = failure;
      completion = () -> future.completeExceptionally(outcome);
    }
    if (later) {
      boolean[] due = {false};
      Runnable scheduled = completion;
      ScheduledFuture<?> pending = scheduler.later(scripted.duration, () -> {
        due[0] = true;
        scheduled.run();
      });
      int number = invocations;
      future.whenComplete((value, failure) -> {
        if (!due[0]) { // cancelled: its @Timeout ran out, its outcome never comes
          due[0] = true;
          pending.cancel(false);
          trace.cancelled(number);
        }
      });
    } else {
      completion.run();
    }
    return future;
  }

  /**
   * An invocation of the {@code suspend} guarded code, given the continuation of the call's
   * attempt. Returns or throws at once (the forms {@code NOW}, {@code THROWN} and the wrapped ones,
   * which mean nothing without a future), after its time passed outside the scheduler as a
   * blocking attempt's would; or, {@code LATER}, suspends and resumes with its outcome {@code
   * duration} ms of virtual time later, as a Kotlin function that suspends and then returns or
   * throws resumes its caller's frame.
   *
   * <p>One scripted to set the interrupt flag sees the calling coroutine cancelled during it
   * instead (SPEC §14): {@code LATER}, it suspends until the cancellation comes, {@code duration}
   * ms later, and ends with it, as a function that cooperates does; else it cancels the coroutine
   * itself and then returns or throws as scripted, as one that does not cooperate (or the
   * cancellation came from elsewhere while it ran without suspending).
   */
  Object attemptSuspend(String arg, Continuation<? super String> continuation) {
    Script.Attempt planned = call.attempt(invocations + 1);
    Script.Attempt scripted = invoke(arg, planned.form != Script.Form.LATER);
    if (scripted.interrupts && scripted.form == Script.Form.LATER) {
      CancellationException cancellation = cancellation();
      trace.invoke(invocations, "", "cancelled " + id(cancellation), false);
      Job job = coroutines.callJob();
      return suspendCancellably(continuation, scripted.duration, () -> job.cancel(cancellation));
    }
    if (scripted.interrupts) {
      coroutines.callJob().cancel(cancellation());
    }
    if (scripted.form != Script.Form.LATER) {
      return complete(scripted);
    }
    Object outcome;
    try {
      outcome = complete(scripted);
    } catch (Throwable failure) {
      outcome = ResultKt.createFailure(failure);
    }
    Object resumed = outcome;
    return suspendCancellably(continuation, scripted.duration, null, resumed);
  }

  /**
   * Suspends {@code continuation} cancellably, as a function that suspends on I/O does, until
   * {@code action} runs {@code millis} ms later, then resumes it with {@code outcome} (a value or
   * a {@code Result.Failure}); when it is cancelled first by its {@code @Timeout}, the action is
   * dropped and the cancellation traced. With {@code action} set, it only waits for the
   * cancellation that action makes (of the calling coroutine: not traced).
   */
  private Object suspendCancellably(Continuation<? super String> continuation, long millis,
      Runnable action) {
    return suspendCancellably(continuation, millis, action, null);
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object suspendCancellably(Continuation<? super String> continuation, long millis,
      Runnable action, Object outcome) {
    // The outcome goes to the attempt's frame as it is, not through the cancellable continuation,
    // whose resumption would recover the stack trace of a failure (a copy, under -ea).
    Continuation<Object> after = new Continuation<Object>() {
      @Override
      public CoroutineContext getContext() {
        return continuation.getContext();
      }

      @Override
      public void resumeWith(Object result) {
        ((Continuation) continuation).resumeWith(
            result instanceof kotlin.Result.Failure ? result : outcome);
      }
    };
    CancellableContinuationImpl suspended = new CancellableContinuationImpl(
        IntrinsicsKt.intercepted(after), 1 /* MODE_CANCELLABLE */);
    suspended.initCancellability();
    boolean[] due = {false};
    int number = invocations;
    DisposableHandle pending = coroutines.later(millis, () -> {
      due[0] = true;
      if (action != null) {
        action.run();
      } else {
        suspended.resumeWith(Unit.INSTANCE);
      }
    }, continuation.getContext());
    suspended.invokeOnCancellation(cause -> {
      if (!due[0]) { // its @Timeout ran out first
        pending.dispose();
        trace.cancelled(number);
      }
      return Unit.INSTANCE;
    });
    return suspended.getResult();
  }

  /**
   * An invocation of the guarded flow function (FLOW), made when the flow is collected: throws at
   * once ({@code THROWN}), or returns a flow that emits one element when collected, {@code v} and
   * completes (a result), or {@code e} and throws the scripted failure. Its time passes at the call;
   * the script's interrupts mean nothing here (no cancellations on FLOW).
   */
  Flow<String> attemptFlow(String arg) {
    Script.Attempt scripted = invoke(arg, true);
    if (scripted.failure != null && scripted.form == Script.Form.THROWN) {
      complete(scripted); // throws
    }
    if (scripted.failure == null) {
      String result = result(scripted);
      trace.invoke(invocations, "", "returns a flow of " + result, "");
      return new OneElement(result, null);
    }
    Throwable failure = failure(scripted);
    String element = "e" + callNumber + "." + invocations;
    trace.invoke(invocations, "", "returns a flow of " + element + " then " + id(failure), "");
    return new OneElement(element, failure);
  }

  /**
   * An invocation of the guarded {@code Mono} method (MONO): throws at once ({@code THROWN}), or
   * returns a {@code Mono} that signals the value or the failure when subscribed ({@code NOW} and
   * the wrapped forms, which mean nothing without a future), or that the scheduler signals {@code
   * duration} ms after it was subscribed ({@code LATER}). The script's interrupts set the flag, as
   * on ASYNC.
   */
  Mono<String> attemptMono(String arg) {
    Signal signal = attemptPublisher(arg);
    if (signal.laterMillis < 0) {
      return signal.error == null ? Mono.just(signal.value) : Mono.error(signal.error);
    }
    int number = invocations;
    return Mono.create(sink -> {
      boolean[] signalled = {false};
      ScheduledFuture<?> pending = scheduler.later(signal.laterMillis, () -> {
        signalled[0] = true;
        if (signal.error == null) {
          sink.success(signal.value);
        } else {
          sink.error(signal.error);
        }
      });
      sink.onCancel(() -> cancelled(signalled, pending, number));
    });
  }

  /** An invocation of the guarded {@code Single} method (SINGLE), as {@link #attemptMono}. */
  Single<String> attemptSingle(String arg) {
    Signal signal = attemptPublisher(arg);
    if (signal.laterMillis < 0) {
      return signal.error == null ? Single.just(signal.value) : Single.error(signal.error);
    }
    int number = invocations;
    return Single.create(emitter -> {
      boolean[] signalled = {false};
      ScheduledFuture<?> pending = scheduler.later(signal.laterMillis, () -> {
        signalled[0] = true;
        if (signal.error == null) {
          emitter.onSuccess(signal.value);
        } else {
          emitter.onError(signal.error);
        }
      });
      emitter.setCancellable(() -> cancelled(signalled, pending, number));
    });
  }

  /**
   * A subscription to a publisher that signals later was cancelled (its {@code @Timeout} ran out):
   * its signal dropped and the cancellation traced, unless it signalled already.
   */
  private void cancelled(boolean[] signalled, ScheduledFuture<?> pending, int invocation) {
    if (!signalled[0]) {
      signalled[0] = true;
      pending.cancel(false);
      trace.cancelled(invocation);
    }
  }

  /** What a reactive attempt's publisher signals: after {@code laterMillis}, or (-1) at once. */
  private static final class Signal {
    final String value;
    final Throwable error;
    final long laterMillis;

    Signal(String value, Throwable error, long laterMillis) {
      this.value = value;
      this.error = error;
      this.laterMillis = laterMillis;
    }
  }

  /** The invocation of a reactive method: traced, and what its publisher signals, or a throw. */
  private Signal attemptPublisher(String arg) {
    boolean later = steps < RUNAWAY && call.attempt(invocations + 1).form == Script.Form.LATER;
    Script.Attempt scripted = invoke(arg, !later);
    if (scripted.failure != null && scripted.form == Script.Form.THROWN) {
      complete(scripted); // throws
    }
    String where = insideCall ? "@caller" : "@scheduler";
    long laterMillis = later ? scripted.duration : -1;
    if (scripted.failure == null) {
      String result = result(scripted);
      trace.invoke(invocations, where, "returns " + result, scripted.interrupts);
      return new Signal(result, null, laterMillis);
    }
    Throwable failure = failure(scripted);
    trace.invoke(invocations, where, "throws " + id(failure), scripted.interrupts);
    return new Signal(null, failure, laterMillis);
  }

  /** A cold flow of one element, then its completion or {@code failure} thrown. */
  private static final class OneElement implements Flow<String> {
    private final String element;
    private final Throwable failure;

    OneElement(String element, Throwable failure) {
      this.element = element;
      this.failure = failure;
    }

    @Override
    public Object collect(FlowCollector<? super String> collector,
        Continuation<? super Unit> continuation) {
      Continuation<Unit> after = new Continuation<Unit>() {
        @Override
        public CoroutineContext getContext() {
          return continuation.getContext();
        }

        @Override
        public void resumeWith(Object result) {
          continuation.resumeWith(failure == null || result instanceof kotlin.Result.Failure
              ? result : ResultKt.createFailure(failure));
        }
      };
      Object emitted = collector.emit(element, after);
      if (emitted == IntrinsicsKt.getCOROUTINE_SUSPENDED()) {
        return emitted;
      }
      if (failure != null) {
        throw Hooks.sneaky(failure);
      }
      return Unit.INSTANCE;
    }
  }

  /**
   * A {@code suspend} recover method: what the plain one returns or throws, after suspending
   * until the scheduler's next turn.
   */
  Object recoverSuspend(
      String name, Throwable failure, String arg, Continuation<? super String> continuation) {
    Object outcome;
    try {
      outcome = userCode.recover(name, failure, arg);
    } catch (RuntimeException thrown) {
      outcome = ResultKt.createFailure(thrown);
    }
    Object resumed = outcome;
    coroutines.later(0, () -> continuation.resumeWith(resumed), continuation.getContext());
    return IntrinsicsKt.getCOROUTINE_SUSPENDED();
  }

  /**
   * A {@code delay} of the call on {@link Path#SUSPEND}: traced, then resumed by the test
   * dispatcher as the script says: after the wait; {@code SLOW}, later (a busy dispatcher resumes
   * late); {@code INTERRUPTED}, never: the calling coroutine is cancelled {@code extra} ms into the
   * wait instead. {@code THROWS} means nothing here (the options' sleeper and scheduler, which the
   * script makes throw, are not used): a wait as asked.
   */
  void delayed(long millis, CancellableContinuation<? super Unit> continuation) {
    Script.Wait scripted = nextWait();
    String cancelled = "K" + callNumber;
    trace.wait("delay", millis, Trace.behaviour(scripted, path, cancelled));
    switch (scripted.kind) {
      case SLOW:
        coroutines.resumeAfter(millis + scripted.extra, continuation);
        return;
      case INTERRUPTED:
        if (path.flow) { // no cancellations on FLOW: a wait as asked
          coroutines.resumeAfter(millis, continuation);
          return;
        }
        CancellationException cancellation = cancellation();
        CoroutineContext context = continuation.getContext();
        Job job = JobKt.getJob(context);
        coroutines.later(scripted.extra, () -> job.cancel(cancellation), context);
        return;
      default:
        coroutines.resumeAfter(millis, continuation);
    }
  }

  /** What the script cancels the call's coroutine with: "K2" in call 2 (a call ends with it). */
  private CancellationException cancellation() {
    String id = "K" + callNumber;
    CancellationException cancellation = new Failures.Cancellation(id);
    ids.put(cancellation, id);
    return cancellation;
  }

  /**
   * Counts the invocation, checks it got the call's argument, lets its time pass unless the
   * scheduler will, and sets the interrupt flag if scripted (not on {@link Path#SUSPEND}, where
   * the script cancels the coroutine instead).
   */
  private Script.Attempt invoke(String arg, boolean passTime) {
    invocations++;
    if (!arg.equals(this.arg)) {
      trace.note("invoked with " + arg);
    }
    Script.Attempt scripted = step() ? Script.Attempt.SUCCESS : call.attempt(invocations);
    if (passTime) {
      nanos += millis(scripted.duration);
    }
    if (scripted.interrupts && !path.suspend) {
      Thread.currentThread().interrupt();
    }
    return scripted;
  }

  private Throwable failure(Script.Attempt scripted) {
    String id = "F" + callNumber + "." + invocations;
    Throwable failure = scripted.failure.create(id);
    if (scripted.cause != null) {
      failure.initCause(scripted.cause.create("C" + callNumber + "." + invocations));
    }
    ids.put(failure, id);
    attempts.put(failure, scripted);
    lastFailure = failure;
    return failure;
  }

  private String result(Script.Attempt scripted) {
    String result = "v" + callNumber + "." + invocations;
    results.put(result, scripted);
    return result;
  }

  /** What the script says about the invocation that threw {@code failure}; null if none. */
  Script.Attempt attemptOf(Throwable failure) {
    if (failure instanceof AttemptTimeoutException && invocations > 0) {
      return call.attempt(invocations); // the invocation that ran out of time, the call's last
    }
    return attempts.get(failure);
  }

  /** What the script says about the invocation that returned {@code result}; null if none. */
  Script.Attempt resultOf(Object result) {
    return results.get(String.valueOf(result));
  }

  Script.Call call() {
    return call;
  }

  int callNumber() {
    return callNumber;
  }

  /** Makes {@code failure} known to the trace as {@code id}. */
  void register(Throwable failure, String id) {
    ids.put(failure, id);
  }

  /**
   * A {@code stateKey} method was called with {@code arg} (null: {@code oneKey()}, which takes
   * none): the key part of the argument, a new string, or one key for every call.
   */
  Object stateKey(String arg) {
    step();
    String key = arg == null ? "one" : arg.substring(0, arg.indexOf('/'));
    trace.predicate(arg == null ? "oneKey" : "keyOf", arg == null ? "()" : arg, key);
    return key;
  }

  void event(String listener, String kind, RetryEvent event) {
    step();
    String reason = kind.equals("onFailure") ? String.valueOf(event.reason()) : null;
    trace.event(listener, kind, event.label(), event.attempt(), id(event.failure()),
        event.delayMillis(), event.elapsedNanos(), reason);
  }

  void breakerChanged(String name, String change) {
    step();
    if (name.equals(breakerName)) {
      trace.breaker(change);
    }
  }

  @Override
  public void sleep(long millis) throws InterruptedException {
    Script.Wait scripted = nextWait();
    String thrown = "S" + callNumber + "." + waits;
    trace.wait("sleep", millis, Trace.behaviour(scripted, path, thrown));
    switch (scripted.kind) {
      case THROWS:
        Failures.UncheckedA failure = new Failures.UncheckedA(thrown);
        ids.put(failure, thrown);
        throw failure;
      case INTERRUPTED:
        nanos += millis(scripted.extra);
        throw new InterruptedException(thrown);
      case SLOW:
        nanos += millis(millis + scripted.extra);
        return;
      default:
        nanos += millis(millis);
    }
  }

  /** A wait handed to the scheduler: when its task is due, or a throw as scripted. */
  long scheduled(long millis) {
    Script.Wait scripted = nextWait();
    String thrown = "S" + callNumber + "." + waits;
    trace.wait("schedule", millis, Trace.behaviour(scripted, path, thrown));
    if (scripted.kind == Script.WaitKind.THROWS) {
      RejectedExecutionException failure = new RejectedExecutionException(thrown);
      ids.put(failure, thrown);
      throw failure;
    }
    return nanos + millis(millis + (scripted.kind == Script.WaitKind.SLOW ? scripted.extra : 0));
  }

  private Script.Wait nextWait() {
    waits++;
    return step() ? new Script.Wait(Script.WaitKind.THROWS, 0) : call.waitNumber(waits);
  }

  /**
   * The virtual time, with the test scheduler's on {@link Path#SUSPEND}; once the run is a
   * runaway, an hour later at each reading (so an open breaker that refuses every retry without a
   * wait turns half-open and lets a call through).
   */
  @Override
  public long nanoTime() {
    if (steps >= RUNAWAY) {
      nanos += 3_600_000_000_000L;
    }
    return coroutines == null ? nanos : nanos + millis(coroutines.nowMillis());
  }

  void advanceTo(long due) {
    nanos = Math.max(nanos, due);
  }

  @Override
  public double nextDouble() {
    double value = script.draws.get(draws++ % script.draws.size());
    trace.draw(value);
    return value;
  }

  /** The identity of a failure in the trace: its script id, else "new" and its class. */
  String id(Throwable failure) {
    if (failure == null) {
      return "null";
    }
    String id = ids.get(failure);
    if (id == null && failure instanceof AttemptTimeoutException) {
      AttemptTimeoutException timeout = (AttemptTimeoutException) failure;
      return timeoutId(timeout.label(), timeout.timeoutMillis());
    }
    return id != null ? id : "new " + failure.getClass().getSimpleName();
  }

  /**
   * The identity of an attempt's {@code AttemptTimeoutException} in the trace: a new instance each
   * time, so its class, the label and the limit it carries.
   */
  static String timeoutId(String label, long millis) {
    return "timeout(" + label + ", " + millis + " ms)";
  }

  /** Counts a hook call; true once the run is a runaway (noted once). */
  boolean step() {
    if (++steps == RUNAWAY) {
      trace.note("runaway: " + RUNAWAY + " hook calls, steering the call to its end");
    }
    return steps >= RUNAWAY;
  }

  private static long millis(long ms) {
    return ms * 1_000_000L;
  }
}
