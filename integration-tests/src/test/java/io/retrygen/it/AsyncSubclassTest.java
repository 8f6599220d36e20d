package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A class input whose asynchronous guarded method is called from its own constructor: that call
 * runs before the generated subclass has set its fields, so it is the plain method, not retried;
 * calls made afterwards are retried.
 */
class AsyncSubclassTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();

  @Test
  void callFromTheSuperclassConstructorIsThePlainMethod() {
    AsyncSelfStarting instance =
        new AsyncSelfStartingRetrying(
            RetryOptions.builder()
                .sleeper(clock)
                .ticker(clock)
                .scheduler(clock)
                .listener(listener)
                .build());

    assertEquals(1, instance.calls.get());
    assertSame(instance.lastReturned, instance.warmUp, "the method's own future, unwrapped");
    assertSame(CompletableFuture.class, instance.warmUp.getClass(), "not the call's future");
    assertTrue(Outcomes.failureOf(instance.warmUp) instanceof IOException);
    assertEquals(0, clock.pendingTasks());
    assertEquals(Collections.<String>emptyList(), listener.lines());

    CompletableFuture<String> later = instance.refresh("later");
    assertNotSame(instance.lastReturned, later, "the call's future, not the method's");
    assertNotSame(CompletableFuture.class, later.getClass());
    assertEquals(1, clock.pendingTasks());
    clock.runUntilIdle();

    assertEquals(4, instance.calls.get());
    assertSame(Outcomes.failureOf(instance.lastReturned), Outcomes.failureOf(later));
    assertEquals(3, listener.lines().size());
  }

  @Test
  void defaultOptionsConstructorRetriesOnTheDefaultScheduler() throws InterruptedException {
    AsyncSelfStarting instance = new AsyncSelfStartingRetrying();
    assertEquals(1, instance.calls.get());

    CompletableFuture<String> future = instance.refresh("k");
    // With RetryOptions.defaults() the waits are real: 2 x 100 ms.
    Throwable failure = Outcomes.awaitFailure(future);

    assertTrue(failure instanceof IOException);
    assertEquals(4, instance.calls.get());
  }
}
