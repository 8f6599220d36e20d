package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.retrygen.RetryListener;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * SPEC §7: the asynchronous classes need Android API 24, so the synchronous path must never load
 * them. Runs what synchronous generated code calls (policies, retrier, breaker, options) in a
 * class loader of its own and asks it which classes it loaded.
 */
class SyncPathLoadsNoAsyncClassTest {
  @Test
  void synchronousRetryAndBreakerLoadNoAsyncClass() throws Exception {
    try (IsolatedLoader loader = new IsolatedLoader()) {
      Class<?> scenario = loader.loadClass(SyncScenario.class.getName());
      Method run = scenario.getDeclaredMethod("run");
      run.setAccessible(true);
      assertEquals(3, run.invoke(null));

      assertNotNull(loader.loaded(Retrier.class.getName()), "the scenario ran in the loader");
      assertNotNull(loader.loaded(DecisionOrder.class.getName()));
      assertNotNull(loader.loaded(RetryHooks.class.getName()));
      assertNotNull(loader.loaded(CircuitBreakerGate.class.getName()));
      for (Class<?> async :
          Arrays.asList(
              AsyncCall.class, CallState.class, CallSteps.class, CallFuture.class,
              SharedScheduler.class, DroppedWaits.class)) {
        assertNull(loader.loaded(async.getName()), async.getName());
      }
      // Nor, with no overrides given, the override grammar: a cold start does not pay for it.
      for (Class<?> overrides : Arrays.asList(OverrideKeys.class, OverrideValue.class,
          PolicyLine.class)) {
        assertNull(loader.loaded(overrides.getName()), overrides.getName());
      }
    }
  }

  @Test
  void theLoaderSeesAsyncClassesWhenTheyAreUsed() throws Exception {
    // The check above can fail: the same loader reports AsyncCall once something loads it.
    try (IsolatedLoader loader = new IsolatedLoader()) {
      loader.loadClass(AsyncCall.class.getName());
      assertNotNull(loader.loaded(AsyncCall.class.getName()));
    }
  }

  /**
   * What a synchronous generated method with a retry, hooks, a result check, a listener and a
   * breaker does: a failure, a rejected result, then a result that stands.
   */
  static final class SyncScenario {
    private SyncScenario() {}

    static int run() {
      RetryOptions options =
          RetryOptions.builder().sleeper(millis -> {}).listener(new RetryListener() {}).build();
      Retrier retrier =
          new RetryPolicy("Client.call", 3, 0L, BackoffPolicy.fixed(10L))
              .bind(options, new Hooks());
      CircuitBreakerGate breaker =
          new CircuitBreakerPolicy("", 20, 0.5, 5000L, 1).bind(options, "Client.call");
      long startNanos = retrier.start();
      for (int attempt = 1; ; attempt++) {
        long permit = breaker.acquire();
        if (attempt == 1) {
          breaker.onFailure(permit);
          if (retrier.retryAfter(attempt, startNanos, new IllegalStateException())) {
            continue;
          }
          return -1;
        }
        breaker.onSuccess(permit);
        if (attempt == 2) { // a rejected result
          if (retrier.retryAfterResult(attempt, startNanos, attempt)) {
            continue;
          }
          return -2;
        }
        retrier.succeeded(attempt, startNanos);
        return attempt;
      }
    }

    /** A generated method's hooks: its {@code retryIf} and {@code delayFor}. */
    private static final class Hooks extends RetryHooks<Integer> {
      @Override
      protected boolean retryIf(Throwable failure) {
        return true;
      }

      @Override
      protected long delayForResult(Integer result) {
        return 5L;
      }
    }
  }

  /** Defines the runtime's and the API's classes itself (child first), so it knows what it loaded. */
  private static final class IsolatedLoader extends URLClassLoader {
    IsolatedLoader() {
      super(
          new URL[] {
            Retrier.class.getProtectionDomain().getCodeSource().getLocation(),
            RetryListener.class.getProtectionDomain().getCodeSource().getLocation(),
            SyncScenario.class.getProtectionDomain().getCodeSource().getLocation()
          },
          SyncPathLoadsNoAsyncClassTest.class.getClassLoader());
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      synchronized (getClassLoadingLock(name)) {
        if (!name.startsWith("io.retrygen.")) {
          return super.loadClass(name, resolve);
        }
        Class<?> loaded = findLoadedClass(name);
        if (loaded == null) {
          loaded = findClass(name);
        }
        if (resolve) {
          resolveClass(loaded);
        }
        return loaded;
      }
    }

    Class<?> loaded(String name) {
      return findLoadedClass(name);
    }
  }
}
