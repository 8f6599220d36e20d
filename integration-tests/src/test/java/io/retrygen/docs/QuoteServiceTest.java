package io.retrygen.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The guide's test of an asynchronous method in virtual time (docs/testing.md). */
class QuoteServiceTest {
  private int calls;

  /** Fails its first call, then answers. */
  private final QuoteService failingOnce = symbol -> {
    CompletableFuture<String> quote = new CompletableFuture<>();
    if (++calls == 1) {
      quote.completeExceptionally(new IOException("connection reset"));
    } else {
      quote.complete(symbol + " 42.00");
    }
    return quote;
  };

  @Test
  void quoteIsRetriedInVirtualTime() {
    VirtualTime time = VirtualTime.start();                  // also the options' scheduler
    CompletableFuture<String> quote = new QuoteServiceRetrying(failingOnce, time.options())
        .quote("ACME");
    assertFalse(quote.isDone());                             // the retry waits for its 200 ms
    time.advanceBy(200);                                     // runs it, on this thread
    assertEquals("ACME 42.00", quote.join());
  }
}
