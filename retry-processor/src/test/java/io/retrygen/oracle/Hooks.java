package io.retrygen.oracle;

import io.reactivex.rxjava3.core.Single;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import java.util.concurrent.CompletableFuture;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.flow.Flow;
import kotlinx.coroutines.flow.FlowKt;
import reactor.core.publisher.Mono;

/**
 * What the compiled policies call: the bodies of the guarded methods, predicates, {@code delayFor}
 * and recover methods hand each call to the {@link World} of the case running on the calling
 * thread, which answers as the script says and writes the trace. Public for the generated
 * sources; not for anything else.
 */
public final class Hooks {
  private static final ThreadLocal<World> CURRENT = new ThreadLocal<>();

  static {
    CircuitBreakers.addListener(new CircuitBreakerListener() {
      @Override
      public void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
        World world = CURRENT.get();
        if (world != null) {
          world.breakerChanged(name, from + "->" + to);
        }
      }

      @Override
      public void onCallNotPermitted(String name) {
        World world = CURRENT.get();
        if (world != null) {
          world.breakerChanged(name, "refused");
        }
      }
    });
  }

  private Hooks() {}

  static void enter(World world) {
    CURRENT.set(world);
  }

  static void exit() {
    CURRENT.remove();
  }

  private static World world() {
    World world = CURRENT.get();
    if (world == null) {
      throw new IllegalStateException("no case runs on " + Thread.currentThread());
    }
    return world;
  }

  /** One invocation of the guarded code: returns or throws as the script says. */
  public static String attempt(String arg) {
    return world().attempt(arg);
  }

  /** One invocation of the asynchronous guarded code. */
  public static CompletableFuture<String> attemptAsync(String arg) {
    return world().attemptAsync(arg);
  }

  /**
   * One invocation of the {@code suspend} guarded code: its value, or {@code COROUTINE_SUSPENDED}
   * and {@code continuation} resumed later, or a throw, as the script says.
   */
  public static Object attemptSuspend(String arg, Continuation<? super String> continuation) {
    return world().attemptSuspend(arg, continuation);
  }

  /**
   * One invocation of the guarded flow function: the flow it returns (one element, then it
   * completes or throws), or a throw at once, as the script says.
   */
  public static Flow<String> attemptFlow(String arg) {
    return world().attemptFlow(arg);
  }

  /** A recover method of a flow: a flow of what the plain one returns, or its throw at once. */
  public static Flow<String> recoverFlow(String name, Throwable failure, String arg) {
    return FlowKt.flowOf(world().userCode.recover(name, failure, arg));
  }

  /**
   * One invocation of the guarded {@code Mono} method: the {@code Mono} it returns (its value or
   * error signalled when subscribed, or later), or a throw at once, as the script says.
   */
  public static Mono<String> attemptMono(String arg) {
    return world().attemptMono(arg);
  }

  /** A recover method returning a {@code Mono}: of what the plain one returns, or its error. */
  public static Mono<String> recoverMono(String name, Throwable failure, String arg) {
    try {
      return Mono.just(world().userCode.recover(name, failure, arg));
    } catch (RuntimeException thrown) {
      return Mono.error(thrown);
    }
  }

  /** One invocation of the guarded {@code Single} method, as {@link #attemptMono}. */
  public static Single<String> attemptSingle(String arg) {
    return world().attemptSingle(arg);
  }

  /** A recover method returning a {@code Single}: of what the plain one returns, or its error. */
  public static Single<String> recoverSingle(String name, Throwable failure, String arg) {
    try {
      return Single.just(world().userCode.recover(name, failure, arg));
    } catch (RuntimeException thrown) {
      return Single.error(thrown);
    }
  }

  /** A {@code stateKey} method: the key of {@code arg}, or (null) the one key of {@code oneKey()}. */
  public static Object stateKey(String arg) {
    return world().stateKey(arg);
  }

  public static boolean retryIf(Throwable failure) {
    return world().userCode.retryIf(failure);
  }

  public static boolean rejects(Object result) {
    return world().userCode.rejects(result);
  }

  /** A {@code delayFor} overload for failures; {@code overload} names its parameter type. */
  public static long delayFor(Throwable failure, String overload) {
    return world().userCode.delayFor(failure, overload);
  }

  public static long delayForResult(Object result) {
    return world().userCode.delayForResult(result);
  }

  /** A recover method; {@code failure} and {@code arg} are null when it does not take them. */
  public static String recover(String name, Throwable failure, String arg) {
    return world().userCode.recover(name, failure, arg);
  }

  /** A recover method that returns the method's own future. */
  public static CompletableFuture<String> recoverAsync(String name, Throwable failure, String arg) {
    try {
      return CompletableFuture.completedFuture(world().userCode.recover(name, failure, arg));
    } catch (RuntimeException thrown) {
      CompletableFuture<String> failed = new CompletableFuture<>();
      failed.completeExceptionally(thrown);
      return failed;
    }
  }

  /** A {@code suspend} recover method: as {@link #recover}, after a suspension. */
  public static Object recoverSuspend(
      String name, Throwable failure, String arg, Continuation<? super String> continuation) {
    return world().recoverSuspend(name, failure, arg, continuation);
  }

  static void event(String listener, String kind, RetryEvent event) {
    world().event(listener, kind, event);
  }

  /** Throws {@code failure} as it is, checked or not. */
  @SuppressWarnings("unchecked")
  static <X extends Throwable> RuntimeException sneaky(Throwable failure) throws X {
    throw (X) failure;
  }
}
