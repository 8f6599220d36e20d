package test;

import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.util.concurrent.CompletionStage;

public class PriceFeed {
  @Retryable(noRetryFor = IllegalArgumentException.class)
  public CompletionStage<Long> price(String symbol) {
    throw new UnsupportedOperationException("fetch " + symbol);
  }

  @CircuitBreaker(requestVolumeThreshold = 10)
  protected CompletionStage<? extends Number> volume(String symbol) {
    throw new UnsupportedOperationException("fetch " + symbol);
  }

  @Recover
  protected long noPrice(IllegalStateException failure, String symbol) {
    return 0L;
  }
}
