package io.retrygen.oracle;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.RandomSource;
import io.retrygen.runtime.Sleeper;
import io.retrygen.runtime.Ticker;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;

/**
 * The observed side of one run of a case on one path: the virtual clock ({@link Sleeper}, {@link
 * Ticker}), the scripted randomness ({@link RandomSource}), the manual scheduler, the guarded code
 * and, through {@link UserCode}, the predicates and recover methods ({@link Hooks}), all of which
 * write what they see into {@link #trace}. Everything runs on the test's thread, so the trace is
 * in the order things happened.
 */
final class World implements Sleeper, Ticker, RandomSource {
  /** The virtual clock starts here, not at 0, so that a time never read shows. */
  private static final long EPOCH = 7_000_000_000_000L;
  /** Hook calls after which a run is a runaway: the hooks then steer every call to its end. */
  private static final int RUNAWAY = 20_000;

  final Trace trace = new Trace();
  final ManualScheduler scheduler = new ManualScheduler(this);
  final UserCode userCode = new UserCode(this);
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
  private int invocations;
  private int waits;
  /** Whether the generated method is running on the caller's stack (not a scheduled task). */
  boolean insideCall;

  World(Script script, Path path, String breakerName) {
    this.script = script;
    this.path = path;
    this.breakerName = breakerName;
  }

  void beginCall(int number) {
    call = script.calls.get(number - 1);
    callNumber = number;
    invocations = 0;
    waits = 0;
    nanos += millis(call.gapBefore);
    lastFailure = null;
    trace.call(number, "a" + number);
    if (call.interruptedBefore) {
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
    Script.Attempt scripted = invoke(arg, true);
    String where = !path.async ? "" : insideCall ? "@caller" : "@scheduler";
    if (scripted.failure != null) {
      Throwable failure = failure(scripted);
      trace.invoke(invocations, where, "throws " + id(failure), scripted.interrupts);
      throw Hooks.sneaky(failure);
    }
    String result = result(scripted);
    trace.invoke(invocations, where, "returns " + result, scripted.interrupts);
    return result;
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
      scheduler.later(scripted.duration, completion);
    } else {
      completion.run();
    }
    return future;
  }

  /**
   * Counts the invocation, checks it got the call's argument, lets its time pass unless the
   * scheduler will, and sets the interrupt flag if scripted.
   */
  private Script.Attempt invoke(String arg, boolean passTime) {
    invocations++;
    if (!arg.equals("a" + callNumber)) {
      trace.note("invoked with " + arg);
    }
    Script.Attempt scripted = step() ? Script.Attempt.SUCCESS : call.attempt(invocations);
    if (passTime) {
      nanos += millis(scripted.duration);
    }
    if (scripted.interrupts) {
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
    trace.wait("sleep", millis, Trace.behaviour(scripted, false, thrown));
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
    trace.wait("schedule", millis, Trace.behaviour(scripted, true, thrown));
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
   * The virtual time; once the run is a runaway, an hour later at each reading (so an open breaker
   * that refuses every retry without a wait turns half-open and lets a call through).
   */
  @Override
  public long nanoTime() {
    if (steps >= RUNAWAY) {
      nanos += 3_600_000_000_000L;
    }
    return nanos;
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
    return id != null ? id : "new " + failure.getClass().getSimpleName();
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
