package io.retrygen.oracle;

import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * Runs a script on one path, the observed side of a case: a new {@link World}, options made of
 * it, an instance of the generated class (or a template built with the policy's settings), and
 * each call of the script made in turn, its outcome and the budget's tokens written to the trace.
 * What the calls are made on is a {@link Target}; the paths whose calls do not simply return or
 * throw are called as {@link Calls} says.
 */
final class Runner {
  private Runner() {}

  /**
   * The paths a policy runs on: always the generated pair; their {@code suspend} twin where the
   * type declares one; the templates where they fit.
   */
  static List<Path> paths(Policy policy) {
    List<Path> paths = new ArrayList<>();
    paths.add(Path.SYNC);
    paths.add(Path.ASYNC);
    if (policy.members.suspend) {
      paths.add(Path.SUSPEND);
    }
    if (policy.hasFlow()) {
      paths.add(Path.FLOW);
    }
    if (policy.hasMono()) {
      paths.add(Path.MONO);
    }
    if (policy.hasSingle()) {
      paths.add(Path.SINGLE);
    }
    if (templateFits(policy)) {
      paths.add(Path.TEMPLATE);
      if (ModelRecovery.candidates(policy, Path.ASYNC).isEmpty()) {
        paths.add(Path.ASYNC_TEMPLATE);
      }
    }
    if (policy.stateful != null) {
      paths.add(Path.STATEFUL);
      if (templateFits(policy)) {
        paths.add(Path.STATEFUL_TEMPLATE);
      }
    }
    return paths;
  }

  /**
   * Whether {@code RetryTemplate} can say what the policy says: no breaker, budget, result
   * predicate, {@code delayFor} or cause matching, and recovery (if any) by one method that takes
   * every failure, nothing being {@code notRecoverable}.
   */
  static boolean templateFits(Policy policy) {
    Policy.Retry retry = policy.retry;
    if (retry == null || policy.breaker != null || policy.budget != null
        || retry.retryOnResult != null || retry.matchCauses
        || (retry.backoff != null && retry.backoff.hasDelayFor())) {
      return false;
    }
    List<Policy.RecoverMethod> recovers = ModelRecovery.candidates(policy, Path.TEMPLATE);
    return recovers.isEmpty()
        || (recovers.size() == 1 && catchesAll(recovers.get(0)) && retry.notRecoverable.isEmpty());
  }

  private static boolean catchesAll(Policy.RecoverMethod recover) {
    return recover.failure == null || recover.failure == Fault.THROWABLE;
  }

  /**
   * Runs {@code script} on {@code path} (a stateful path's calls with the arguments of their keys,
   * {@link Script#arg}), the instance (or template) built with options that give
   * {@code overrides} (keys and values, passed to {@link PolicyOverrides#from(Map)}; none when
   * empty). What the trace observes (the breaker's name, whether tokens are read) is the compiled
   * policy's: what the overrides make of it is for the model to say.
   */
  static Trace run(Policy policy, Map<String, String> overrides, Script script, Path path,
      Names names, ClassLoader loader) {
    World world = new World(script, path,
        policy.breaker == null ? null : ModelNames.breaker(policy, names, path));
    Hooks.enter(world);
    try {
      RetryOptions.Builder options = RetryOptions.builder()
          .sleeper(world).ticker(world).random(world).scheduler(world.scheduler);
      if (script.observe) {
        options.listener(new Listeners.Tagged("opt"));
      }
      if (!overrides.isEmpty()) {
        options.overrides(PolicyOverrides.from(overrides));
      }
      Target target;
      try {
        target = path.template
            ? new TemplateTarget(policy, options.build(), names, path)
            : new GeneratedTarget(policy, options.build(), names, loader, path);
      } catch (IllegalArgumentException | InvocationTargetException e) {
        // Valid overrides rejected: a difference from the model, which builds every drawn case.
        Throwable thrown = e instanceof InvocationTargetException ? e.getCause() : e;
        world.trace.note("building threw " + thrown);
        return world.trace;
      }
      for (int number = 1; number <= script.calls.size(); number++) {
        String arg = Script.arg(path, policy.stateful, script.calls.get(number - 1), number);
        world.beginCall(number, arg);
        if (script.calls.get(number - 1).newInstance) {
          target.renew();
        }
        if (path.reactive) {
          world.endCall(Calls.subscribe((GeneratedTarget) target, arg, number, world));
        } else if (path.flow) {
          world.endCall(Calls.collectFlow((GeneratedTarget) target, arg, world));
        } else if (path.suspend) {
          world.endCall(Calls.callSuspend((GeneratedTarget) target, arg, world));
        } else if (!path.async) {
          try {
            world.endCall("returned " + target.call(arg, world));
          } catch (Throwable failure) {
            world.endCall("threw " + thrown(failure, world));
          }
        } else {
          CompletionStage<?> stage;
          world.insideCall = true;
          try {
            stage = (CompletionStage<?>) target.call(arg, world);
          } catch (Throwable failure) {
            world.endCall("method threw " + world.id(failure));
            continue;
          } finally {
            world.insideCall = false;
          }
          world.scheduler.runUntilIdle();
          world.endCall(Calls.outcome(stage, world));
        }
        if (policy.budget != null) {
          world.trace.tokens(RetryBudgets.tokens(ModelNames.budget(policy, names, path)));
        }
      }
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("cannot run " + names.qualifiedType() + " on " + path, e);
    } finally {
      Hooks.exit();
      Thread.interrupted();
    }
    return world.trace;
  }

  /**
   * What a call threw, in the trace: its id, or for a new {@code RetryExhaustedException} (SPEC
   * §19) the id of its cause.
   */
  private static String thrown(Throwable failure, World world) {
    String id = world.id(failure);
    return failure instanceof RetryExhaustedException && id.startsWith("new ")
        ? "RetryExhaustedException(cause " + world.id(failure.getCause()) + ")" : id;
  }

  /**
   * What building the pair's generated instance (or, {@code template}, its template) with options
   * that give {@code overrides} throws; null when it builds.
   */
  static Throwable build(Policy policy, Map<String, String> overrides, Names names,
      ClassLoader loader, boolean template) {
    try {
      RetryOptions options = RetryOptions.builder()
          .overrides(PolicyOverrides.from(overrides)).build();
      if (template) {
        new TemplateTarget(policy, options, names, Path.TEMPLATE);
      } else {
        new GeneratedTarget(policy, options, names, loader, Path.SYNC);
      }
      return null;
    } catch (InvocationTargetException e) {
      return e.getCause();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("cannot build " + names.qualifiedType(), e);
    } catch (RuntimeException e) {
      return e;
    }
  }
}
