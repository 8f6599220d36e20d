package io.retrygen.oracle;

import io.retrygen.runtime.AttemptTimeoutException;
import io.retrygen.runtime.CircuitBreakerOpenException;

/**
 * The answers of the user code around a guarded method, as the script says: {@code retryIf},
 * {@code retryOnResult}, {@code delayFor} and the recover methods. Each answer, or what it throws,
 * goes into the trace. An open breaker's exception, which no invocation threw, gets the answers
 * the call's script gives for refusals.
 */
final class UserCode {
  private final World world;

  UserCode(World world) {
    this.world = world;
  }

  boolean retryIf(Throwable failure) {
    boolean runaway = world.step();
    Script.Attempt scripted = runaway ? null : world.attemptOf(failure);
    if (scripted != null && scripted.predicateThrows) {
      throw thrown("retryIf", world.id(failure), scripted.userFailure, "P", failure);
    }
    boolean answer = scripted != null
        ? scripted.retryIf
        : !runaway && failure instanceof CircuitBreakerOpenException && world.call().refusedRetryIf;
    world.trace.predicate("retryIf", world.id(failure), String.valueOf(answer));
    return answer;
  }

  boolean rejects(Object result) {
    Script.Attempt scripted = world.step() ? null : world.resultOf(result);
    if (scripted != null && scripted.predicateThrows) {
      throw thrown("rejects", String.valueOf(result), scripted.userFailure, "P", null);
    }
    boolean answer = scripted != null && scripted.rejected;
    world.trace.predicate("rejects", String.valueOf(result), String.valueOf(answer));
    return answer;
  }

  long delayFor(Throwable failure, String overload) {
    Script.Attempt scripted = world.step() ? null : world.attemptOf(failure);
    String name = "delayFor(" + overload + ")";
    if (scripted != null && scripted.delayForThrows) {
      throw thrown(name, world.id(failure), scripted.userFailure, "D", failure);
    }
    long answer = scripted != null ? scripted.delayFor
        : failure instanceof CircuitBreakerOpenException ? world.call().refusedDelayFor : -1;
    world.trace.predicate(name, world.id(failure), String.valueOf(answer));
    return answer;
  }

  long delayForResult(Object result) {
    Script.Attempt scripted = world.step() ? null : world.resultOf(result);
    if (scripted != null && scripted.delayForThrows) {
      throw thrown("delayFor(result)", String.valueOf(result), scripted.userFailure, "D", null);
    }
    long answer = scripted == null ? -1 : scripted.delayFor;
    world.trace.predicate("delayFor(result)", String.valueOf(result), String.valueOf(answer));
    return answer;
  }

  /** A recover method; {@code failure} and {@code arg} are null when it does not take them. */
  String recover(String name, Throwable failure, String arg) {
    world.step();
    Script.Call call = world.call();
    String thrown = "R" + world.callNumber();
    String value = "rec:" + name;
    world.trace.recover(name, failure == null ? "-" : world.id(failure), arg == null ? "-" : arg,
        call.recoverThrows ? "throws " + thrown : "returns " + value);
    if (call.recoverThrows) {
      RuntimeException failed = new Failures.UncheckedB(thrown);
      world.register(failed, thrown);
      throw failed;
    }
    return value;
  }

  /**
   * What a predicate throws, named after the invocation it is about ("P1.2" for "F1.2"; for a
   * result, the call's last invocation).
   */
  private RuntimeException thrown(
      String predicate, String argument, Fault type, String prefix, Throwable about) {
    String suffix = about != null && !(about instanceof AttemptTimeoutException)
        ? world.id(about).substring(1)
        : world.callNumber() + "." + world.invocations();
    Throwable thrown = type.create(prefix + suffix);
    world.register(thrown, prefix + suffix);
    world.trace.predicate(predicate, argument, "throws " + prefix + suffix);
    return Hooks.sneaky(thrown);
  }
}
