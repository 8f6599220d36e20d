package io.retrygen.oracle;

import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RecoveryCallback;
import io.retrygen.runtime.RetryContext;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import java.util.List;

/**
 * A {@code RetryTemplate} with the policy's settings (attempts, duration, backoff, what to retry,
 * label, listeners) and the run's options, or its {@code AsyncRetryTemplate}; its one recovery, if
 * any, as a {@code RecoveryCallback}. Each call checks the {@code RetryContext} against the world.
 */
final class TemplateTarget implements Target {
  private final RetryTemplate template;
  private final Policy.RecoverMethod recover;
  private final boolean async;
  /** {@link Path#STATEFUL_TEMPLATE}: each call with the {@code RetryState} of its key. */
  private final boolean stateful;

  TemplateTarget(Policy policy, RetryOptions options, Names names, Path path) {
    this.async = path.async;
    this.stateful = path.stateful;
    Policy.Retry retry = policy.retry;
    RetryTemplate.Builder builder = RetryTemplate.builder()
        .maxAttempts(retry.maxAttempts)
        .maxDuration(retry.maxDuration)
        .backoff(backoff(retry.backoff))
        .options(options);
    for (Fault type : retry.retryFor) {
      builder.retryOn(type.type);
    }
    for (Fault type : retry.noRetryFor) {
      builder.notRetryOn(type.type);
    }
    if (retry.retryIf != null) {
      Fault accepted = retry.retryIf;
      builder.retryIf(failure -> accepted.isInstance(failure) && Hooks.retryIf(failure));
    }
    if (retry.label != null || stateful) { // a stateful one's state is its label's
      builder.label(ModelNames.label(policy, names, path));
    }
    for (String listener : retry.listeners) {
      builder.listener(Listeners.create(listener));
    }
    this.template = builder.build();
    List<Policy.RecoverMethod> recovers = ModelRecovery.candidates(policy, Path.TEMPLATE);
    this.recover = recovers.isEmpty() ? null : recovers.get(0);
  }

  private static BackoffPolicy backoff(Policy.Backoff backoff) {
    if (backoff == null) {
      return BackoffPolicy.defaultPolicy();
    }
    BackoffPolicy policy = backoff.multiplier > 1
        ? BackoffPolicy.exponential(backoff.delay, backoff.multiplier, backoff.maxDelay)
        : backoff.maxDelay > 0
            ? BackoffPolicy.fixed(backoff.delay).withMaxDelay(backoff.maxDelay)
            : BackoffPolicy.fixed(backoff.delay);
    policy = backoff.random ? policy.withRandom() : policy;
    return backoff.jitter > 0 ? policy.withJitter(backoff.jitter) : policy;
  }

  @Override
  public void renew() {}

  @Override
  public Object call(String arg, World world) throws Throwable {
    if (async) {
      return AsyncRetryTemplate.of(template).execute(context -> {
        checkContext(context, world);
        return Hooks.attemptAsync(arg);
      });
    }
    if (stateful) {
      return callStateful(arg, world);
    }
    RecoveryCallback<String> recovery = recover == null ? null : context -> {
      if (context.attempt() != world.invocations()) {
        world.trace.note("recovery's context.attempt() = " + context.attempt() + " after "
            + world.invocations() + " invocations");
      }
      return Hooks.recover(recover.name,
          recover.failure == null ? null : context.lastFailure(),
          recover.takesArg ? arg : null);
    };
    return template.execute(context -> {
      checkContext(context, world);
      return Hooks.attempt(arg);
    }, recovery);
  }

  /**
   * A stateful call (SPEC §19): {@code RetryState.of(key)}, the key the part of {@code arg} before
   * the slash (a new string each call, equal for equal keys), with {@code forceRefresh} as the
   * script says. The context of the callback and of the recovery is traced: its attempt is the
   * key's (which the world does not know), its last failure the one recovered.
   */
  private Object callStateful(String arg, World world) throws Throwable {
    RecoveryCallback<String> recovery = recover == null ? null : context -> {
      world.trace.context("recovery", context.attempt(), world.id(context.lastFailure()));
      return Hooks.recover(recover.name,
          recover.failure == null ? null : context.lastFailure(),
          recover.takesArg ? arg : null);
    };
    String key = arg.substring(0, arg.indexOf('/'));
    return template.execute(context -> {
      world.trace.context("callback", context.attempt(), world.id(context.lastFailure()));
      return Hooks.attempt(arg);
    }, recovery, RetryState.of(key, world.call().refresh));
  }

  /**
   * The context counts the attempts the world sees (a template has no breaker to refuse) and
   * holds the last failure, the same instance.
   */
  private static void checkContext(RetryContext context, World world) {
    if (context.attempt() != world.invocations() + 1) {
      world.trace.note("context.attempt() = " + context.attempt() + " for invocation "
          + (world.invocations() + 1));
    }
    if (context.lastFailure() != world.lastFailure()) {
      world.trace.note("context.lastFailure() = " + world.id(context.lastFailure())
          + ", not " + world.id(world.lastFailure()));
    }
  }
}
