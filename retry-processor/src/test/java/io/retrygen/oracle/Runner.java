package io.retrygen.oracle;

import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RecoveryCallback;
import io.retrygen.runtime.RetryContext;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.flow.Flow;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import kotlinx.coroutines.flow.FlowCollector;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Mono;

/**
 * Runs a script on one path, the observed side of a case: a new {@link World}, options made of
 * it, an instance of the generated class (or a template built with the policy's settings), and
 * each call of the script made in turn, its outcome and the budget's tokens written to the trace.
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
   * Runs {@code script} on {@code path}, the instance (or template) built with options that give
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
            ? new TemplateTarget(policy, options.build(), names, path.async)
            : new GeneratedTarget(policy, options.build(), names, loader, path);
      } catch (IllegalArgumentException | InvocationTargetException e) {
        // Valid overrides rejected: a difference from the model, which builds every drawn case.
        Throwable thrown = e instanceof InvocationTargetException ? e.getCause() : e;
        world.trace.note("building threw " + thrown);
        return world.trace;
      }
      for (int number = 1; number <= script.calls.size(); number++) {
        world.beginCall(number);
        if (script.calls.get(number - 1).newInstance) {
          target.renew();
        }
        String arg = "a" + number;
        if (path.reactive) {
          world.endCall(subscribe((GeneratedTarget) target, arg, number, world));
        } else if (path.flow) {
          world.endCall(collectFlow((GeneratedTarget) target, arg, world));
        } else if (path.suspend) {
          world.endCall(callSuspend((GeneratedTarget) target, arg, world));
        } else if (!path.async) {
          try {
            world.endCall("returned " + target.call(arg, world));
          } catch (Throwable failure) {
            world.endCall("threw " + world.id(failure));
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
          world.endCall(outcome(stage, world));
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
   * What building the pair's generated instance (or, {@code template}, its template) with options
   * that give {@code overrides} throws; null when it builds.
   */
  static Throwable build(Policy policy, Map<String, String> overrides, Names names,
      ClassLoader loader, boolean template) {
    try {
      RetryOptions options = RetryOptions.builder()
          .overrides(PolicyOverrides.from(overrides)).build();
      if (template) {
        new TemplateTarget(policy, options, names, false);
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

  /**
   * Calls the generated {@code suspend} method in a new coroutine on the test dispatcher, as a
   * Kotlin caller would ({@code startCoroutine} of a lambda that passes its continuation on), and
   * runs the test scheduler until nothing is left to do: the waits pass in virtual time.
   */
  private static String callSuspend(GeneratedTarget target, String arg, World world) {
    Coroutines coroutines = world.coroutines();
    Coroutines.Outcome outcome = coroutines.start((receiver, continuation) -> {
      try {
        return target.callSuspend(arg, continuation);
      } catch (Throwable thrown) {
        throw Hooks.sneaky(thrown);
      }
    });
    coroutines.runUntilIdle();
    return outcome.describe(world);
  }

  /**
   * Calls the generated flow method, which must do nothing yet (a cold flow), then collects the
   * flow it returned ({@code toList}, each element traced as it comes) in a new coroutine on the
   * test dispatcher, running the test scheduler until nothing is left: the waits pass in virtual
   * time. A collection that ends normally is "completed".
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  private static String collectFlow(GeneratedTarget target, String arg, World world) {
    Flow<String> flow;
    try {
      flow = (Flow<String>) target.call(arg, world);
    } catch (Throwable failure) {
      return "method threw " + world.id(failure);
    }
    if (world.invocations() != 0) {
      world.trace.note("not cold: " + world.invocations() + " invocations before collecting");
    }
    List<String> collected = new ArrayList<>();
    FlowCollector<String> collector = (value, continuation) -> {
      world.trace.emit(value);
      collected.add(value);
      return Unit.INSTANCE;
    };
    Coroutines coroutines = world.coroutines();
    Coroutines.Outcome outcome = coroutines.start(
        (receiver, continuation) -> flow.collect(collector, (Continuation) continuation));
    coroutines.runUntilIdle();
    String ended = outcome.describe(world);
    String completed = "returned " + Unit.INSTANCE;
    return ended.startsWith(completed) ? "completed" + ended.substring(completed.length())
        : ended;
  }

  /**
   * Calls the generated {@code Mono} or {@code Single} method, which must do nothing yet (a lazy
   * publisher), then subscribes to what it returned with a plain subscriber or observer ({@link
   * Recorder}) on the test's thread (the caller's, as on ASYNC) and runs the manual scheduler until
   * nothing is left: the waits pass in virtual time. A {@code Mono}'s subscriber asks for the value
   * at once in odd calls, and only once the scheduler is idle in even ones (the value then waits
   * for the request).
   */
  @SuppressWarnings("unchecked")
  private static String subscribe(GeneratedTarget target, String arg, int number, World world) {
    Object publisher;
    try {
      publisher = target.call(arg, world);
    } catch (Throwable failure) {
      return "method threw " + world.id(failure);
    }
    if (world.invocations() != 0) {
      world.trace.note("not lazy: " + world.invocations() + " invocations before subscribing");
    }
    Recorder recorder = new Recorder(world, number % 2 == 1);
    world.insideCall = true;
    try {
      if (publisher instanceof Mono) {
        ((Mono<String>) publisher).subscribe((Subscriber<String>) recorder);
      } else {
        ((Single<String>) publisher).subscribe((SingleObserver<String>) recorder);
      }
    } catch (Throwable thrown) {
      world.trace.note("subscribe threw " + world.id(thrown));
    } finally {
      world.insideCall = false;
    }
    world.scheduler.runUntilIdle();
    return recorder.lateRequest();
  }

  /**
   * A plain subscriber of one call's {@code Mono}, or observer of its {@code Single}: records the
   * signals, and says how the call ended as the other paths do ("returned v", "threw F"), or what
   * was wrong with the signals.
   */
  private static final class Recorder implements Subscriber<String>, SingleObserver<String> {
    private final World world;
    private final boolean requestAtOnce;
    private Subscription subscription;
    private int subscriptions;
    private final List<String> values = new ArrayList<>();
    private final List<String> terminals = new ArrayList<>();

    Recorder(World world, boolean requestAtOnce) {
      this.world = world;
      this.requestAtOnce = requestAtOnce;
    }

    @Override
    public void onSubscribe(Subscription subscription) {
      this.subscription = subscription;
      subscriptions++;
      if (requestAtOnce) {
        subscription.request(1);
      }
    }

    @Override
    public void onSubscribe(Disposable disposable) {
      subscriptions++;
    }

    @Override
    public void onNext(String value) {
      values.add(value);
    }

    @Override
    public void onSuccess(String value) {
      values.add(value);
      terminals.add("returned " + value);
    }

    @Override
    public void onError(Throwable failure) {
      terminals.add("threw " + world.id(failure));
    }

    @Override
    public void onComplete() {
      terminals.add(values.isEmpty() ? "completed empty" : "returned " + values.get(0));
    }

    /** Asks for the value now if it did not at once; then how the call ended. */
    String lateRequest() {
      if (!requestAtOnce && subscription != null) {
        subscription.request(1);
      }
      if (subscriptions != 1) {
        world.trace.note("onSubscribe " + subscriptions + " times");
      }
      if (values.size() > 1) {
        world.trace.note("onNext " + values);
      }
      if (terminals.isEmpty()) {
        return values.isEmpty() ? "pending" : "pending after onNext " + values.get(0);
      }
      return terminals.size() == 1 ? terminals.get(0) : terminals.get(0) + " (then " + terminals
          .subList(1, terminals.size()) + ")";
    }
  }

  /** The outcome of an asynchronous call once the scheduler is idle: as stored, not wrapped. */
  private static String outcome(CompletionStage<?> stage, World world) {
    CompletableFuture<?> future = stage.toCompletableFuture();
    if (!future.isDone()) {
      return "pending";
    }
    Object[] outcome = new Object[2];
    future.handle((value, failure) -> {
      outcome[0] = value;
      outcome[1] = failure;
      return null;
    });
    return outcome[1] != null ? "threw " + world.id((Throwable) outcome[1])
        : "returned " + outcome[0];
  }

  /** What a call is made on. */
  private interface Target {
    Object call(String arg, World world) throws Throwable;

    /** A new instance of the generated class; nothing for a template. */
    void renew() throws ReflectiveOperationException;
  }

  /** An instance of the generated {@code *Retrying} class. */
  private static final class GeneratedTarget implements Target {
    private final Policy policy;
    private final RetryOptions options;
    private final Class<?> generated;
    private final Class<?> input;
    private final Method method;
    private Object instance;

    GeneratedTarget(Policy policy, RetryOptions options, Names names, ClassLoader loader,
        Path path) throws ReflectiveOperationException {
      this.policy = policy;
      this.options = options;
      this.input = loader.loadClass(names.qualifiedType());
      this.generated = loader.loadClass(names.qualifiedType() + "Retrying");
      this.method = path.suspend && !path.flow
          ? generated.getMethod(names.method(path), String.class, Continuation.class)
          : generated.getMethod(names.method(path), String.class);
      renew();
    }

    @Override
    public void renew() throws ReflectiveOperationException {
      if (policy.members.isClass) {
        instance = generated.getConstructor(RetryOptions.class).newInstance(options);
      } else {
        Object delegate = input.getClassLoader().loadClass(input.getName() + "$Impl")
            .getDeclaredConstructor().newInstance();
        instance = generated.getConstructor(input, RetryOptions.class)
            .newInstance(delegate, options);
      }
    }

    @Override
    public Object call(String arg, World world) throws Throwable {
      try {
        return method.invoke(instance, arg);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }

    /** The {@code suspend} method: its value, or {@code COROUTINE_SUSPENDED}, or a throw. */
    Object callSuspend(String arg, Continuation<?> continuation) throws Throwable {
      try {
        return method.invoke(instance, arg, continuation);
      } catch (InvocationTargetException e) {
        throw e.getCause();
      }
    }
  }

  /** A {@code RetryTemplate} with the policy's settings, or its {@code AsyncRetryTemplate}. */
  private static final class TemplateTarget implements Target {
    private final RetryTemplate template;
    private final Policy.RecoverMethod recover;
    private final boolean async;

    TemplateTarget(Policy policy, RetryOptions options, Names names, boolean async) {
      this.async = async;
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
      if (retry.label != null) {
        builder.label(names.customLabel(retry.label, Path.TEMPLATE));
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
}
