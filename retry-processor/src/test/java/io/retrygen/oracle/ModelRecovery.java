package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Recovery as the contract describes it: a {@code notRecoverable} failure is rethrown; otherwise
 * the candidate whose failure parameter is the most specific type the failure is an instance of
 * is called, the one without a failure parameter last; with none, the failure is rethrown. A
 * synchronous recovery from an interruption sets the interrupt flag again (not an asynchronous
 * one, nor a coroutine's: the flag belongs to a thread, not to a call).
 */
final class ModelRecovery {
  /** How a recovery ended the call. */
  static final class Outcome {
    /** The {@code end} line of the trace: "returned ..." or "threw ...". */
    final String end;
    final boolean setsInterrupt;
    /** For the coverage figures. */
    final String seen;

    Outcome(String end, boolean setsInterrupt, String seen) {
      this.end = end;
      this.setsInterrupt = setsInterrupt;
      this.seen = seen;
    }
  }

  private final Policy.Retry retry;
  private final Path path;
  private final List<Policy.RecoverMethod> candidates;

  ModelRecovery(Policy policy, Path path) {
    this.retry = policy.retry;
    this.path = path;
    this.candidates = candidates(policy, path);
  }

  /**
   * The recover methods a method may call: those named by {@code recover = "..."} if it is set;
   * for a synchronous method only those returning the value; for an asynchronous one those and
   * those returning its future; for a {@code suspend} function (SPEC §14) those returning the
   * value, a plain function, and {@code suspend} ones; for a flow only those returning a {@code
   * Flow}; for a {@code Mono} or {@code Single} those returning the value and those returning
   * its own publisher type (SPEC §15). The asynchronous template takes no recovery at all.
   */
  static List<Policy.RecoverMethod> candidates(Policy policy, Path path) {
    List<Policy.RecoverMethod> candidates = new ArrayList<>();
    if (path == Path.ASYNC_TEMPLATE) {
      return candidates;
    }
    String name = policy.retry == null ? null : policy.retry.recoverName;
    for (Policy.RecoverMethod recover : policy.recovers()) {
      boolean fits = path.flow ? recover.flows
          : recover.flows ? false
          : recover.publisher != null ? recover.publisher == path
          : path.reactive ? !recover.returnsFuture && !recover.suspends
          : path.suspend ? !recover.returnsFuture
          : !recover.suspends && (path.async || !recover.returnsFuture);
      if ((name == null || recover.name.equals(name)) && fits) {
        candidates.add(recover);
      }
    }
    return candidates;
  }

  /**
   * Recovers from {@code failure} in call {@code callNumber}, whose argument is {@code arg},
   * writing the recover line.
   */
  Outcome recover(ModelFailure failure, Script.Call call, int callNumber, String arg,
      Trace trace) {
    if (retry != null && failure.isAny(retry.notRecoverable)) {
      return new Outcome("threw " + failure.id, false, "not recoverable");
    }
    Policy.RecoverMethod chosen = choose(failure);
    if (chosen == null) {
      return new Outcome("threw " + failure.id, false, "nothing to recover with");
    }
    boolean setsInterrupt = !path.async && !path.suspend && failure.is(Fault.INTERRUPTED);
    return call(chosen, failure, call, callNumber, arg, setsInterrupt, trace);
  }

  /** Whether a stateful call whose key {@code failure} exhausted calls a recover method. */
  boolean recovers(ModelFailure failure) {
    return !failure.isAny(retry.notRecoverable) && choose(failure) != null;
  }

  /**
   * A stateful call whose key {@code failure} exhausted on an earlier call (SPEC §19): it recovers
   * from that failure (§5: not a {@code notRecoverable} one), else throws a {@code
   * RetryExhaustedException} with it as the cause. A recovered interruption sets no interrupt
   * flag: the call it interrupted rethrew it to its own caller (the generated code's choice; the
   * contract is silent).
   */
  Outcome recoverExhausted(ModelFailure failure, Script.Call call, int callNumber, String arg,
      Trace trace) {
    String exhausted = "threw RetryExhaustedException(cause " + failure.id + ")";
    if (failure.isAny(retry.notRecoverable)) {
      return new Outcome(exhausted, false, "stateful: exhausted, not recoverable");
    }
    Policy.RecoverMethod chosen = choose(failure);
    if (chosen == null) {
      return new Outcome(exhausted, false, "stateful: exhausted, RetryExhaustedException");
    }
    Outcome outcome = call(chosen, failure, call, callNumber, arg, false, trace);
    return new Outcome(outcome.end, false, "stateful: exhausted, " + outcome.seen);
  }

  /** Calls {@code chosen} for {@code failure}, writing the recover line. */
  private Outcome call(Policy.RecoverMethod chosen, ModelFailure failure, Script.Call call,
      int callNumber, String arg, boolean setsInterrupt, Trace trace) {
    String thrown = "R" + callNumber;
    String value = "rec:" + chosen.name;
    trace.recover(chosen.name, chosen.failure == null ? "-" : failure.id,
        chosen.takesArg ? arg : "-",
        call.recoverThrows ? "throws " + thrown : "returns " + value);
    if (call.recoverThrows) {
      return new Outcome("threw " + thrown, false, "recover threw");
    }
    return new Outcome("returned " + value, setsInterrupt,
        chosen.suspends ? "recovered by a suspend function"
            : chosen.publisher != null ? "recovered by a publisher"
            : chosen.failure == null ? "recovered without a failure parameter"
            : setsInterrupt ? "recovered an interruption" : "recovered");
  }

  private Policy.RecoverMethod choose(ModelFailure failure) {
    Policy.RecoverMethod best = null;
    Policy.RecoverMethod catchAll = null;
    for (Policy.RecoverMethod candidate : candidates) {
      if (candidate.failure == null) {
        catchAll = candidate;
      } else if (failure.is(candidate.failure)
          && (best == null || best.failure.covers(candidate.failure))) {
        best = candidate;
      }
    }
    return best != null ? best : catchAll;
  }
}
