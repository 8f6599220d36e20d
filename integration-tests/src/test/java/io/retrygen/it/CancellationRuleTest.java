package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.Test;

/**
 * A {@code CancellationException} thrown by an attempt ends the call at once, neither retried nor
 * recovered, with {@code onFailure}, unless {@code retryFor} names {@code CancellationException}
 * itself; then it is retried and recovered like any failure.
 */
class CancellationRuleTest {
  private final VirtualTime clock = VirtualTime.start();
  private final List<String> events = new ArrayList<>();
  private final CancellationException cancelled = new CancellationException("stop");
  private int calls;

  private final CancellingClient client =
      new CancellingClientRetrying(
          new CancellingClient() {
            @Override
            public String byDefault() {
              calls++;
              throw cancelled;
            }

            @Override
            public String bySupertype() {
              calls++;
              throw cancelled;
            }

            @Override
            public String named() {
              calls++;
              throw cancelled;
            }

            @Override
            public String breakerOnly() {
              calls++;
              throw cancelled;
            }
          },
          RetryOptions.builder()
              .sleeper(clock)
              .ticker(clock)
              .listener(
                  new RetryListener() {
                    @Override
                    public void onRetry(RetryEvent event) {
                      events.add("retry " + event.attempt());
                    }

                    @Override
                    public void onFailure(RetryEvent event) {
                      events.add("failure " + event.attempt() + " " + (event.failure() == cancelled));
                    }
                  })
              .build());

  @Test
  void byDefaultACancellationEndsTheCallAtOnceUnrecovered() {
    assertSame(cancelled, assertThrows(CancellationException.class, client::byDefault));
    assertEquals(1, calls);
    assertEquals(asList("failure 1 true"), events);
    assertEquals(asList(), clock.sleeps());
  }

  @Test
  void aSupertypeInRetryForDoesNotMakeItRetryable() {
    assertSame(cancelled, assertThrows(CancellationException.class, client::bySupertype));
    assertEquals(1, calls);
    assertEquals(asList("failure 1 true"), events);
  }

  @Test
  void namedInRetryForItIsRetriedAndRecovered() {
    assertEquals("recovered CancellationException", client.named());
    assertEquals(3, calls);
    assertEquals(asList("retry 1", "retry 2", "failure 3 true"), events);
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void aBreakerAloneDoesNotRecoverItEither() {
    assertSame(cancelled, assertThrows(CancellationException.class, client::breakerOnly));
    assertEquals(1, calls);
  }
}
