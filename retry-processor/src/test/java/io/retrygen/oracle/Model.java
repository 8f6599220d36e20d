package io.retrygen.oracle;

import java.util.Map;
import java.util.TreeMap;
import io.retrygen.runtime.AttemptTimeoutException;
import java.util.concurrent.CancellationException;

/**
 * The reference model: what the contract says a case must do, as a {@link Trace}. Written from
 * the contract's text alone (no runtime class computes any of it): after each attempt, the
 * decision order below, with step 1 in {@link ModelClassification}; the waits ({@link
 * ModelWaits}), recovery ({@link ModelRecovery}), the breaker ({@link ModelBreaker}), the
 * listeners' events ({@link ModelEvents}) and the retry budget ({@link ModelBudget}).
 *
 * <p>After a failed attempt, the first step that ends the call gives up ({@code onFailure}, then
 * recovery or the failure rethrown): 1 not retryable; 2 the budget takes a token; 3 no attempt
 * left; 4 the interrupt flag is set; 5 {@code retryIf} says no (or the failure is not its type);
 * 6 the budget refuses; 7 the wait ({@code delayFor}, else the formula; a {@code delayFor} wait
 * above the cap gives up); 8 the wait would reach {@code maxDuration}; 9 {@code onRetry}, the
 * wait (interrupted: give up), {@code maxDuration} again; 10 the next attempt. A rejected result
 * takes steps 2, 3, 4, 6 to 10, and giving up returns it. User code that throws ends the call
 * with its exception, unrecovered.
 *
 * <p>Where the paths differ the contract says so: an asynchronous call schedules every wait (0 ms
 * included) instead of sleeping, has no thread to interrupt during a wait, makes its first attempt
 * on the caller's thread and the others on the scheduler's, and never sets the interrupt flag
 * again after recovering an interruption (the flag belongs to a thread, not to a call).
 *
 * <p>A {@code suspend} function (SPEC §14) takes the same steps in the same order; its waits are
 * {@code delay}s (none for 0 ms), the options' sleeper and scheduler unused, its recover methods
 * plain or {@code suspend} ones. Its coroutine has no thread of its own, so no interrupt flag: the
 * script's interrupts are cancellations of the calling coroutine there, during an attempt or a
 * wait, which end the call at once: {@code onFailure} with {@code CANCELLED}, no further attempt,
 * no recovery, no budget token. A cancelled wait, or an attempt that suspended, ends with the
 * cancellation; an attempt that did not suspend ends as it ended: a result that {@code
 * retryOnResult} accepts is returned, one it rejects ends the call with the cancellation, and a
 * failure (its breaker permit given back unrecorded) ends it with the cancellation too, unless it
 * is a {@code CancellationException} itself, which is rethrown as it is. Step 4 then never gives up; a sleeper that
 * throws has no meaning.
 *
 * <p>A function returning a {@code Flow} (SPEC §14, {@link Path#FLOW}) is collected: each attempt
 * calls it and collects its flow, which emits one element and then completes (a success) or
 * throws; the function may also throw at once. A failure takes the steps above, a retry emits its
 * element again; a recover method's flow is collected instead; {@code retryOnResult} does not
 * apply. Cancellations are left out on this path (the script's interrupts mean nothing there).
 *
 * <p>A method returning a {@code Mono} (SPEC §15, {@link Path#MONO}; RxJava's {@code Single} on
 * {@link Path#SINGLE} alike) is subscribed: each attempt
 * calls it and subscribes to the {@code Mono} it returns, whose value or error comes at once or
 * later; a throw from the method is a failure too. It is asynchronous as above, with the options'
 * scheduler timing the waits, but a wait of 0 ms is no scheduler call (the scheduler is the
 * subscription's sleeper, step 9), so an attempt runs on the caller's stack until the call first
 * went on in a scheduler's task (a wait, an attempt that signalled later). {@code retryOnResult}
 * applies to the value; recover methods return the value or a {@code Mono}. No subscription is
 * disposed here (cancellations left out, as on ASYNC).
 *
 * <p>Under {@code @Timeout} (SPEC §16; {@link Policy#timeoutMillis}: ASYNC, MONO, SINGLE,
 * SUSPEND, FLOW) an attempt that has not ended {@code value} ms after it started is cancelled
 * then and fails with an {@code AttemptTimeoutException}, its late outcome ignored; the breaker
 * and the decision order take it as any failure (its {@code retryIf} and {@code delayFor} answers
 * are its invocation's), recovery too. In this world only an attempt that ends later in virtual
 * time can run out: one answering {@code LATER} after {@code duration >= value} ms (on SUSPEND,
 * one that suspends; a cancellation of the caller scripted after the deadline never comes). The
 * other forms end before the method returns (their time passes at the call, outside the
 * scheduler), as a flow's attempts do: none of those times out.
 *
 * <p>A stateful method (SPEC §19, {@link Path#STATEFUL}; the template with a {@code RetryState},
 * {@link Path#STATEFUL_TEMPLATE}) makes one attempt a call and keeps per key, across the calls,
 * the failures counted, the start of the key's first attempt and the failure that exhausted it
 * ({@link ModelKeys}); the decision is the one above, numbered and timed as the key's attempt
 * ({@link #runStatefulCall}). Where the contract is silent the model follows the product's
 * Javadoc: the key's first attempt is the first after it was last forgotten; user code that
 * throws forgets the key; a key exhausted by a failure that is {@code notRecoverable} throws
 * {@code RetryExhaustedException} too; a recovered exhausted interruption sets no interrupt flag;
 * the template's context numbers the key's attempt (the exhausting one in the recovery).
 *
 * <p>Built with run-time overrides (SPEC §17), a method (or a template) runs with the policy they
 * make of its annotations, which {@link ModelOverrides} computes from the values alone; everything
 * above then applies to that policy.
 */
final class Model {
  private final Policy policy;
  private final Policy.Retry retry;
  private final Script script;
  private final Path path;
  private final ModelEvents events;
  private final Trace trace = new Trace();
  private final ModelBreaker breaker;
  private final ModelRecovery recovery;
  private final ModelBudget budget;
  /** Whether the runner reads the budget's tokens after each call: the method has one compiled. */
  private final boolean tokensRead;
  /** The limit of each attempt in ms, -1 for none. */
  private final long timeout;
  /** The label an attempt's timeout names. */
  private final String label;
  private long now;
  private int draws;
  private boolean interrupted;
  /** What happened, for the coverage figures. */
  final Map<String, Integer> seen = new TreeMap<>();

  private Script.Call call;
  private int callNumber;
  /** The argument of the call ({@link Script#arg}). */
  private String arg;
  /** On a stateful path: the state of each key, across the calls (SPEC §19). */
  private final ModelKeys keys;
  /** The key of the stateful call being decided on, and its state. */
  private String statefulKey;
  private ModelKeys.State statefulState;
  private long start;
  private int attempt;
  private int invocation;
  private int waits;
  /** The outcome of the attempt being decided on: a failure, or else a result. */
  private ModelFailure failure;
  private String result;
  /** On {@link Path#SUSPEND}: whether the calling coroutine was cancelled during the attempt. */
  private boolean cancelled;
  /** Whether the attempt being decided on ran out of time ({@code @Timeout}). */
  private boolean timedOut;
  /**
   * On {@link Path#MONO} and {@link Path#SINGLE}: whether the call went on in a task of the
   * scheduler (an attempt that signalled later, or a wait), so that its next attempt runs there,
   * not on the caller's stack.
   */
  private boolean deferred;

  private Model(Policy compiled, Overrides overrides, Script script, Path path, Names names) {
    Policy policy = ModelOverrides.effective(compiled, overrides);
    this.policy = policy;
    this.tokensRead = compiled.budget != null;
    this.retry = policy.retry;
    this.script = script;
    this.path = path;
    this.events = new ModelEvents(policy, script, ModelNames.label(policy, names, path), trace);
    this.breaker = policy.breaker == null ? null : new ModelBreaker(policy.breaker, trace);
    this.recovery = new ModelRecovery(policy, path);
    this.budget = new ModelBudget(policy.budget);
    this.timeout = policy.timeoutMillis(path);
    this.label = ModelNames.label(policy, names, path);
    this.keys = new ModelKeys(policy.stateful, path);
  }

  /**
   * What running {@code script} on {@code path} must show, the methods (or the template) built
   * with {@code overrides}.
   */
  static Model run(Policy policy, Overrides overrides, Script script, Path path, Names names) {
    Model model = new Model(policy, overrides, script, path, names);
    model.runScript();
    return model;
  }

  Trace trace() {
    return trace;
  }

  private void runScript() {
    for (int c = 0; c < script.calls.size(); c++) {
      call = script.calls.get(c);
      callNumber = c + 1;
      now += millis(call.gapBefore);
      arg = Script.arg(path, policy.stateful, call, callNumber);
      trace.call(callNumber, arg);
      interrupted = call.interruptedBefore && !path.suspend; // no thread's flag on a coroutine
      start = now;
      attempt = 0;
      invocation = 0;
      waits = 0;
      deferred = false;
      if (path.stateful) {
        runStatefulCall();
      } else {
        runCall();
      }
      interrupted = false; // the runner clears the flag after each call
      if (tokensRead) {
        // The kill switch binds no budget, so none is created: RetryBudgets.tokens reads NaN.
        trace.tokens(policy.budget != null ? budget.tokens() : Double.NaN);
      }
    }
    if (breaker != null && breaker.opened > 0) {
      see("breaker opened");
    }
  }

  private void runCall() {
    boolean again = true;
    while (again) {
      attempt++;
      Script.Attempt scripted = attemptOnce();
      if (retry == null) { // a breaker alone: one attempt, then recovery
        if (failure != null && (cancelled || failure.is(Fault.CANCELLATION))) {
          end("threw " + cancellation()); // no retryFor can name it: never recovered
        } else if (failure != null) {
          recover();
        } else {
          end("returned " + result);
        }
        return;
      }
      again = failure != null ? afterFailure(scripted) : afterResult(scripted);
      if (again && timedOut) {
        see("timeout retried");
      }
    }
  }

  /**
   * A call on a stateful path (SPEC §19), {@link ModelKeys} keeping each key's state across
   * calls: a key exhausted by an earlier call is forgotten and recovers its last failure (else
   * {@code RetryExhaustedException} with it as the cause), without an attempt or an event; else
   * one attempt, numbered and timed as the key's. A success forgets the key ({@code onSuccess});
   * a failure step 1 does not retry forgets it ({@code onFailure}) and is rethrown; one it retries
   * is counted, then steps 2 to 9 decide as the key's attempt, from the key's first attempt:
   * {@code onRetry} and the wait, or {@code onFailure} and the key exhausted; and it is rethrown.
   * User code that throws forgets the key and ends the call with its exception.
   */
  private void runStatefulCall() {
    String key = keys.keyOf(call, arg, trace);
    if (path == Path.STATEFUL_TEMPLATE && call.refresh && keys.forget(key)) {
      see("stateful: forceRefresh forgot a key");
    }
    ModelKeys.State state = keys.state(key);
    if (state != null && state.exhausted != null) {
      keys.forget(key);
      if (path == Path.STATEFUL_TEMPLATE && recovery.recovers(state.exhausted)) {
        trace.context("recovery", state.failures, state.exhausted.id);
      }
      ModelRecovery.Outcome outcome =
          recovery.recoverExhausted(state.exhausted, call, callNumber, arg, trace);
      see(outcome.seen);
      end(outcome.end);
      return;
    }
    attempt = state == null ? 1 : state.failures + 1;
    start = state == null ? now : state.start;
    if (attempt > 1) {
      see("stateful: a key's later attempt");
    }
    if (path == Path.STATEFUL_TEMPLATE) {
      trace.context("callback", attempt, "null");
    }
    Script.Attempt scripted = attemptOnce();
    if (failure == null) {
      budget.refund();
      if (keys.forget(key)) {
        see("stateful: success forgot a key");
      }
      emit("onSuccess", "null", 0, null);
      end("returned " + result);
      return;
    }
    if (!ModelClassification.retryable(retry, failure)) {
      budget.refund();
      if (keys.forget(key)) {
        see("stateful: not retryable forgot a key");
      }
      boolean cancellation = ModelClassification.cancelled(retry, failure);
      see("gave up: " + (cancellation ? "CANCELLED" : "NOT_RETRYABLE"));
      emit("onFailure", failure.id, 0, cancellation ? "CANCELLED" : "NOT_RETRYABLE");
      end("threw " + failure.id);
      return;
    }
    statefulKey = key;
    statefulState = state != null ? state : keys.create(key, start);
    attempt = ++statefulState.failures;
    if (retrySteps(scripted)) {
      see("stateful: counted, rethrown");
      end("threw " + failure.id);
    }
  }

  /**
   * One attempt: through the breaker (its refusal the failure), else the invocation, its outcome
   * in {@link #failure} or {@link #result}; the script's attempt, null for a refusal.
   */
  private Script.Attempt attemptOnce() {
    Script.Attempt scripted = null;
    timedOut = false;
    failure = null;
    result = null;
    cancelled = false;
    if (breaker != null && !breaker.acquire(now)) {
      failure = ModelFailure.REFUSED;
      see("breaker refused");
    } else {
      invocation++;
      scripted = call.attempt(invocation);
      boolean timesOut = timesOut(scripted);
      timedOut = timesOut;
      now += millis(timesOut ? timeout : scripted.duration);
      String where = !path.async ? ""
          : path.reactive ? (deferred ? "@scheduler" : "@caller")
          : attempt == 1 ? "@caller" : "@scheduler";
      if (path.flow) {
        invokeFlow(scripted);
      } else if (path.suspend && timesOut) {
        see("suspended attempt");
        trace.invoke(invocation, "", scripted.interrupts ? "cancelled K" + callNumber
            : outcomeLine(scripted), false);
      } else if (path.suspend) {
        invokeSuspend(scripted);
      } else {
        if (path.reactive) {
          see(scripted.form == Script.Form.LATER ? "publisher signalled later"
              : scripted.form == Script.Form.THROWN ? "method threw" : "publisher signalled");
          deferred |= scripted.form == Script.Form.LATER;
        }
        interrupted |= scripted.interrupts;
        outcome(scripted);
        trace.invoke(invocation, where, failure != null ? "throws " + failure.id
            : "returns " + result, scripted.interrupts);
      }
      if (timesOut) {
        timedOut();
      }
      if (breaker != null && cancelled && failure != null) {
        breaker.release(); // an abandoned attempt says nothing about the dependency
      } else if (breaker != null) {
        boolean counted = failure != null && breaker.countsAsFailure(failure);
        if (counted && timedOut) {
          see("timeout counted by the breaker");
        }
        breaker.record(counted, now);
      }
    }
    return scripted;
  }

  /**
   * Whether the attempt runs out of time: under a timeout, one that ends later, in virtual time,
   * no sooner than the limit (the deadline, armed before the method is called, comes first).
   */
  private boolean timesOut(Script.Attempt scripted) {
    return timeout > 0 && !path.flow && scripted.form == Script.Form.LATER
        && scripted.duration >= timeout;
  }

  /** The scripted outcome an invocation's line shows: what it would have ended with. */
  private String outcomeLine(Script.Attempt scripted) {
    outcome(scripted);
    return failure != null ? "throws " + failure.id : "returns " + result;
  }

  /**
   * At the deadline: the attempt cancelled, its failure the timeout, whatever it would have ended
   * with.
   */
  private void timedOut() {
    see("timed out");
    trace.cancelled(invocation);
    failure = new ModelFailure(World.timeoutId(label, timeout),
        AttemptTimeoutException.class, null);
    result = null;
    cancelled = false;
  }

  /**
   * What a cancelled call throws after its attempt failed: that failure when it is a {@code
   * CancellationException}, else the coroutine's own cancellation, {@code K<call>} (the attempt
   * turned the cancellation into a failure of its own, and the caller must still see it cancelled).
   */
  private String cancellation() {
    return failure.is(Fault.CANCELLATION) ? failure.id : "K" + callNumber;
  }

  /** The scripted failure, or else the result, of the invocation. */
  private void outcome(Script.Attempt scripted) {
    if (scripted.failure != null) {
      failure = new ModelFailure(id("F"), scripted.failure.type,
          scripted.cause == null ? null : scripted.cause.type);
    } else {
      result = "v" + callNumber + "." + invocation;
    }
  }

  /**
   * An invocation on {@link Path#SUSPEND}, where an interrupt the script sets is the calling
   * coroutine cancelled during the attempt: a suspended attempt ({@code LATER}) then ends with
   * that cancellation; one that does not suspend ends as scripted, the cancellation noticed after
   * it (a function that does not cooperate).
   */
  private void invokeSuspend(Script.Attempt scripted) {
    cancelled = scripted.interrupts;
    if (scripted.form == Script.Form.LATER) {
      see(cancelled ? "cancelled during a suspended attempt" : "suspended attempt");
    } else if (cancelled) {
      see("cancelled during an attempt that did not suspend");
    }
    if (cancelled && scripted.form == Script.Form.LATER) {
      failure = new ModelFailure("K" + callNumber, CancellationException.class, null);
      trace.invoke(invocation, "", "cancelled " + failure.id, false);
      return;
    }
    outcome(scripted);
    trace.invoke(invocation, "", failure != null ? "throws " + failure.id : "returns " + result,
        cancelled ? "+cancel K" + callNumber : "");
    if (cancelled && timeout > 0 && (failure == null || failure.is(Fault.CANCELLATION))) {
      // Timed, the attempt ran in withTimeoutOrNull's scope, which ends with the caller's
      // cancellation (the first cause) however the block ended, unless it threw another failure.
      see("cancelled during a timed attempt that did not suspend");
      failure = new ModelFailure("K" + callNumber, CancellationException.class, null);
      result = null;
    }
  }

  /**
   * An invocation on {@link Path#FLOW} (no cancellations there): the function throws at once
   * ({@code THROWN}), or returns a flow whose collection emits one element, {@code v} for a
   * result, which completes it, or {@code e} before the scripted failure.
   */
  private void invokeFlow(Script.Attempt scripted) {
    outcome(scripted);
    if (failure != null && scripted.form == Script.Form.THROWN) {
      see("flow function threw");
      trace.invoke(invocation, "", "throws " + failure.id, "");
    } else if (failure != null) {
      see("flow threw after an element");
      String element = "e" + callNumber + "." + invocation;
      trace.invoke(invocation, "", "returns a flow of " + element + " then " + failure.id, "");
      trace.emit(element);
    } else {
      see("flow completed");
      trace.invoke(invocation, "", "returns a flow of " + result, "");
      trace.emit(result);
    }
  }

  /**
   * Steps 1 to 10 after a failed attempt; true to make the next attempt. A call whose coroutine
   * was cancelled ends at once, before step 1, unrecovered, with the cancellation.
   */
  private boolean afterFailure(Script.Attempt scripted) {
    if (cancelled) {
      emit("onFailure", failure.id, 0, "CANCELLED");
      end("threw " + cancellation());
      return false;
    }
    if (!ModelClassification.retryable(retry, failure)) {
      budget.refund();
      if (ModelClassification.cancelled(retry, failure)) {
        emit("onFailure", failure.id, 0, "CANCELLED");
        end("threw " + failure.id);
        return false;
      }
      return stop("NOT_RETRYABLE");
    }
    return retrySteps(scripted);
  }

  /**
   * After an attempt that returned a result; true to make the next attempt. A call whose coroutine
   * was cancelled returns a result it accepts; one it rejects ends the call at once, before step
   * 2, with the cancellation.
   */
  private boolean afterResult(Script.Attempt scripted) {
    if (retry.retryOnResult != null) {
      if (scripted.predicateThrows) {
        trace.predicate("rejects", result, "throws " + id("P"));
        return userCodeFailed(id("P"));
      }
      trace.predicate("rejects", result, String.valueOf(scripted.rejected));
      if (scripted.rejected && cancelled) {
        see("rejected a result after a cancellation");
        emit("onFailure", "null", 0, "CANCELLED");
        end("threw K" + callNumber);
        return false;
      }
      if (scripted.rejected) {
        see("result rejected");
        return retrySteps(scripted);
      }
    }
    budget.refund();
    emit("onSuccess", "null", 0, null);
    end("returned " + result);
    return false;
  }

  /**
   * Steps 2 to 10 for a retryable failure, or a rejected result (which skips step 5); {@code
   * scripted} is null for an open breaker's refusal. True to make the next attempt.
   */
  private boolean retrySteps(Script.Attempt scripted) {
    budget.take();
    if (attempt >= retry.maxAttempts) {
      return stop("ATTEMPTS_EXHAUSTED");
    }
    if (interrupted) {
      return stop("INTERRUPTED");
    }
    if (failure != null && retry.retryIf != null) {
      if (!failure.is(retry.retryIf)) {
        return stop("RETRY_IF_REJECTED");
      }
      if (scripted != null && scripted.predicateThrows) {
        trace.predicate("retryIf", failure.id, "throws " + id("P"));
        return userCodeFailed(id("P"));
      }
      boolean answer = scripted == null ? call.refusedRetryIf : scripted.retryIf;
      trace.predicate("retryIf", failure.id, String.valueOf(answer));
      if (!answer) {
        return stop("RETRY_IF_REJECTED");
      }
    }
    if (!budget.allowsRetry()) {
      return stop("BUDGET_EXHAUSTED");
    }
    Fault overload = failure == null ? null
        : ModelWaits.overloadFor(retry.delayForFailures(), failure);
    long requested = -1;
    if (overload != null || (failure == null && retry.delayForResult())) {
      String name =
          overload != null ? "delayFor(" + overload.simpleName() + ")" : "delayFor(result)";
      String about = failure != null ? failure.id : result;
      if (scripted != null && scripted.delayForThrows) {
        trace.predicate(name, about, "throws " + id("D"));
        return userCodeFailed(id("D"));
      }
      requested = scripted == null ? call.refusedDelayFor : scripted.delayFor;
      trace.predicate(name, about, String.valueOf(requested));
    }
    return waitThenRetry(requested);
  }

  /** Steps 7 to 9: the wait, {@code maxDuration}, {@code onRetry}, the wait itself. */
  private boolean waitThenRetry(long requested) {
    long wait;
    if (requested >= 0) {
      if (requested > ModelWaits.cap(retry.backoff)) {
        return stop("WAIT_ABOVE_CAP");
      }
      wait = requested;
    } else {
      wait = ModelWaits.formula(retry.backoff, attempt, this::draw);
    }
    if (retry.maxDuration > 0 && now - start + millis(wait) >= millis(retry.maxDuration)) {
      return stop("DURATION_EXHAUSTED");
    }
    emit("onRetry", failure == null ? "null" : failure.id, wait, null);
    if ((!path.async || path.reactive) && wait == 0) {
      return true; // no Sleeper call, no delay, for 0 ms; none on a reactive path's scheduler
    }
    waits++;
    deferred = true;
    Script.Wait scripted = call.waitNumber(waits);
    if (path.suspend) {
      return delay(wait, scripted);
    }
    String how = path.async ? "schedule" : "sleep";
    String thrown = "S" + callNumber + "." + waits;
    trace.wait(how, wait, Trace.behaviour(scripted, path, thrown));
    if (scripted.kind == Script.WaitKind.THROWS) {
      return userCodeFailed(thrown);
    }
    if (scripted.kind == Script.WaitKind.INTERRUPTED && !path.async) {
      now += millis(scripted.extra);
      interrupted = true;
      see("interrupted wait");
      return stop("INTERRUPTED");
    }
    now += millis(wait + (scripted.kind == Script.WaitKind.SLOW ? scripted.extra : 0));
    return timeLeftAfterWait();
  }

  /**
   * Step 9's wait on {@link Path#SUSPEND}: a {@code delay}, late when {@code SLOW}; cancelled
   * ({@code INTERRUPTED}): the call ends with the cancellation, unrecovered. Nothing throws.
   */
  private boolean delay(long wait, Script.Wait scripted) {
    String cancellation = "K" + callNumber;
    trace.wait("delay", wait, Trace.behaviour(scripted, path, cancellation));
    if (scripted.kind == Script.WaitKind.INTERRUPTED && !path.flow) {
      now += millis(scripted.extra);
      see("cancelled wait");
      emit("onFailure", failure == null ? "null" : failure.id, 0, "CANCELLED");
      end("threw " + cancellation);
      return false;
    }
    now += millis(wait + (scripted.kind == Script.WaitKind.SLOW ? scripted.extra : 0));
    return timeLeftAfterWait();
  }

  /** Step 9's check after a wait: a wait that reached {@code maxDuration} gives up. */
  private boolean timeLeftAfterWait() {
    if (retry.maxDuration > 0 && now - start >= millis(retry.maxDuration)) {
      see("maxDuration after a wait");
      return stop("DURATION_EXHAUSTED");
    }
    return true;
  }

  /** Gives up: {@code onFailure}, then recovery of a failure or the last result returned. */
  private boolean stop(String reason) {
    see("gave up: " + reason);
    emit("onFailure", failure == null ? "null" : failure.id, 0, reason);
    if (path.stateful) { // the key's retries end: its next call recovers; this one rethrows
      statefulState.exhausted = failure;
      see("stateful: exhausted a key");
      end("threw " + failure.id);
      return false;
    }
    if (failure == null) {
      end("returned " + result);
    } else {
      recover();
    }
    return false;
  }

  /** User code threw {@code id}: it ends the call, unrecovered. */
  private boolean userCodeFailed(String id) {
    see("user code failed: " + id.charAt(0));
    if (path.stateful) {
      keys.forget(statefulKey);
    }
    emit("onFailure", id, 0, "USER_CODE_FAILED");
    end("threw " + id);
    return false;
  }

  private void recover() {
    ModelRecovery.Outcome outcome = recovery.recover(failure, call, callNumber, arg, trace);
    see(outcome.seen);
    if (timedOut && outcome.end.startsWith("returned ")) {
      see("recovered a timeout");
    }
    if (outcome.setsInterrupt) {
      interrupted = true;
    }
    end(outcome.end);
  }

  private void emit(String kind, String failureId, long delay, String reason) {
    events.emit(kind, attempt, failureId, delay, now - start, reason);
  }

  private double draw() {
    double value = script.draws.get(draws++ % script.draws.size());
    trace.draw(value);
    return value;
  }

  /**
   * On {@link Path#FLOW} a value the call returns is a collection that completes: the attempt's
   * element was emitted already; a recover method's flow emits its value now.
   */
  private void end(String outcome) {
    if (path.flow && outcome.startsWith("returned ")) {
      if (failure != null) {
        trace.emit(outcome.substring("returned ".length()));
      }
      outcome = "completed";
    }
    trace.end(outcome, interrupted);
  }

  private String id(String prefix) {
    return prefix + callNumber + "." + invocation;
  }

  private void see(String what) {
    seen.merge(what, 1, Integer::sum);
  }

  private static long millis(long ms) {
    return ms * 1_000_000L;
  }
}
