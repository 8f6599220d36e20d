package test;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeoutException;

public interface QuoteService {
  @Retryable(
      retryFor = {IOException.class, TimeoutException.class},
      maxAttempts = 4,
      backoff = @Backoff(delay = 200, multiplier = 2),
      retryIf = "isTransient",
      retryOnResult = "isStale")
  @CircuitBreaker(name = "quotes", failOn = IOException.class)
  CompletableFuture<Quote> quote(String symbol);

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  CompletionStage<List<? extends Quote>> history(String symbol, int days);

  @Recover
  default Quote lastKnown(IOException failure, String symbol) {
    return new Quote(symbol, -1);
  }

  @Recover
  default CompletableFuture<Quote> fromCache(String symbol) {
    return CompletableFuture.completedFuture(new Quote(symbol, 0));
  }

  default boolean isTransient(TimeoutException failure) {
    return failure.getMessage() == null;
  }

  static boolean isStale(Quote quote) {
    return quote.price() < 0;
  }

  final class Quote {
    private final String symbol;
    private final long price;

    public Quote(String symbol, long price) {
      this.symbol = symbol;
      this.price = price;
    }

    public String symbol() {
      return symbol;
    }

    public long price() {
      return price;
    }
  }
}
