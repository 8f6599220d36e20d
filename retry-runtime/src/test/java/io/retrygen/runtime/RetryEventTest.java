package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The API's event and reasons, as listeners and users' tests build and read them. */
class RetryEventTest {
  @Test
  void theReasonsAreTheStepsInTheirOrder() {
    List<String> names = new ArrayList<>();
    for (GiveUpReason reason : GiveUpReason.values()) {
      names.add(reason.name());
    }
    assertEquals(
        Arrays.asList(
            "NOT_RETRYABLE", "ATTEMPTS_EXHAUSTED", "INTERRUPTED", "RETRY_IF_REJECTED",
            "BUDGET_EXHAUSTED", "WAIT_ABOVE_CAP", "DURATION_EXHAUSTED", "CANCELLED",
            "USER_CODE_FAILED"),
        names);
  }

  @Test
  void anEventBuiltWithoutAReasonHasNone() {
    RetryEvent event = RetryEvent.of("Client.call", 2, null, 100L, 5L);

    assertNull(event.reason());
    assertEquals(
        "RetryEvent{label=Client.call, attempt=2, failure=null, delayMillis=100, elapsedNanos=5}",
        event.toString());
  }

  @Test
  void anEventBuiltWithAReasonCarriesIt() {
    IOException failure = new IOException("down");
    RetryEvent event =
        RetryEvent.of("Client.call", 3, failure, 0L, 7L, GiveUpReason.ATTEMPTS_EXHAUSTED);

    assertSame(GiveUpReason.ATTEMPTS_EXHAUSTED, event.reason());
    assertSame(failure, event.failure());
    assertEquals(3, event.attempt());
    assertEquals(
        "RetryEvent{label=Client.call, attempt=3, failure=java.io.IOException: down,"
            + " delayMillis=0, elapsedNanos=7, reason=ATTEMPTS_EXHAUSTED}",
        event.toString());
  }

  @Test
  void aNullReasonIsAllowedAndALabelIsNot() {
    assertNull(RetryEvent.of("Client.call", 1, null, 0L, 0L, null).reason());
    assertThrows(
        NullPointerException.class,
        () -> RetryEvent.of(null, 1, null, 0L, 0L, GiveUpReason.CANCELLED));
  }
}
