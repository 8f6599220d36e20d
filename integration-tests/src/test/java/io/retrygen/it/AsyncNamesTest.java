package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * The generated call class of {@link AsyncNames} passes the user's arguments, though they are
 * named like its own members and locals and those of {@code AsyncCall} and {@code
 * CompletableFuture}.
 */
class AsyncNamesTest {
  @Test
  void argumentsNamedLikeTheCallsMembersReachTheDelegateAndTheRecoverMethod() {
    VirtualTime clock = VirtualTime.start();
    List<String> received = new ArrayList<>();
    StageScript<String> script =
        new StageScript<String>().succeed(" ").fail(new IllegalStateException("odd"));
    AsyncNames names =
        new AsyncNamesRetrying(
            new AsyncNames() {
              @Override
              public CompletableFuture<String> odd(
                  String attempt,
                  String retrier,
                  String breaker,
                  String result,
                  String failure,
                  String inFlight,
                  String stack,
                  String permit,
                  String delegate,
                  String steps) {
                received.add(
                    String.join(
                        ",", attempt, retrier, breaker, result, failure, inFlight, stack, permit,
                        delegate, steps));
                try {
                  return script.next();
                } catch (IOException e) {
                  throw new AssertionError(e);
                }
              }
            },
            RetryOptions.builder().ticker(clock).scheduler(clock).build());

    CompletableFuture<String> future =
        names.odd("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
    clock.runUntilIdle();

    assertEquals("recovered,1,2,3,4,5,6,7,8,9,10", Outcomes.valueOf(future));
    assertEquals(asList("1,2,3,4,5,6,7,8,9,10", "1,2,3,4,5,6,7,8,9,10"), received);
  }
}
