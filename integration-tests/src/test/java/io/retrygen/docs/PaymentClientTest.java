package io.retrygen.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The guide's test of a generated class in virtual time (docs/testing.md). */
class PaymentClientTest {
  /** Fails twice with an IOException, then answers. */
  private final PaymentClient failingTwiceThenOk = new PaymentClient() {
    private int calls;

    @Override
    public Receipt charge(String account, long cents) throws IOException {
      if (++calls <= 2) {
        throw new IOException("connection reset");
      }
      return new Receipt(account);
    }

    @Override
    public Receipt find(String id) {
      return new Receipt(id);
    }
  };

  @Test
  void chargeIsRetriedWithExponentialBackoff() throws IOException {
    VirtualTime time = VirtualTime.start();                    // a Sleeper, Ticker and scheduler
    RecordingListener listener = new RecordingListener();
    RetryOptions options = time.options().toBuilder().listener(listener).build();
    PaymentClient client = new PaymentClientRetrying(failingTwiceThenOk, options);

    client.charge("acct-42", 1999);                            // sleeps advance the time

    assertEquals(300, time.nowMillis());
    assertEquals("PaymentClient.charge: retry 1 (100 ms), retry 2 (200 ms), success 3",
        listener.toString());
  }

  @Test
  void theQuickLookCallSucceeds() throws IOException {
    assertEquals("acct-42:1999", QuickLook.chargeOnce().id());
  }
}
