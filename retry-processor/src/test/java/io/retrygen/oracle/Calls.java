package io.retrygen.oracle;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.core.SingleObserver;
import io.reactivex.rxjava3.disposables.Disposable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.flow.Flow;
import kotlinx.coroutines.flow.FlowCollector;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import reactor.core.publisher.Mono;

/**
 * How the {@link Runner} makes one call on the paths that do not simply return or throw (SUSPEND,
 * FLOW, MONO, SINGLE, and the outcome of an ASYNC stage), running the virtual time out and
 * describing how the call ended as the synchronous paths do ("returned v", "threw F").
 */
final class Calls {
  private Calls() {}

  /**
   * Calls the generated {@code suspend} method in a new coroutine on the test dispatcher, as a
   * Kotlin caller would ({@code startCoroutine} of a lambda that passes its continuation on), and
   * runs the test scheduler until nothing is left to do: the waits pass in virtual time.
   */
  static String callSuspend(GeneratedTarget target, String arg, World world) {
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
  static String collectFlow(GeneratedTarget target, String arg, World world) {
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
  static String subscribe(GeneratedTarget target, String arg, int number, World world) {
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
  static String outcome(CompletionStage<?> stage, World world) {
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
}
