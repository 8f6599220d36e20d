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
      assertNotNull(loader.loaded(CircuitBreakerGate.class.getName()));
      assertNull(loader.loaded(AsyncCall.class.getName()));
      assertNull(loader.loaded(SharedScheduler.class.getName()));
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

  /** What a synchronous generated method with a retry and a breaker does, without listeners. */
  static final class SyncScenario {
    private SyncScenario() {}

    static int run() {
      RetryOptions options = RetryOptions.builder().sleeper(millis -> {}).build();
      Retrier retrier =
          new RetryPolicy("Client.call", 3, 0L, BackoffPolicy.fixed(10L)).bind(options);
      CircuitBreakerGate breaker =
          new CircuitBreakerPolicy("", 20, 0.5, 5000L, 1).bind(options, "Client.call");
      long startNanos = retrier.start();
      for (int attempt = 1; ; attempt++) {
        long permit = breaker.acquire();
        if (attempt < 3) {
          breaker.onFailure(permit);
          if (retrier.mayRetry(attempt) && retrier.backOff(attempt, startNanos, null)) {
            continue;
          }
          return -1;
        }
        breaker.onSuccess(permit);
        retrier.succeeded(attempt, startNanos);
        return attempt;
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
