package test;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.flow.Flow;

/** As kapt shows a Kotlin interface with suspend functions and a Flow to Java. */
@kotlin.Metadata
public interface QuoteClient {
  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 4,
      backoff = @Backoff(delay = 100, multiplier = 2),
      retryOnResult = "isStale")
  @CircuitBreaker
  Object quote(String symbol, Continuation<? super String> $completion);

  @Retryable(retryFor = IOException.class, retryIf = "isTransient")
  Object publish(String symbol, long price, Continuation<? super Unit> $completion);

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 50))
  Flow<String> ticks(String symbol);

  Object close(Continuation<? super Unit> $completion);

  @Recover
  default Object quoteFallback(
      IOException failure, String symbol, Continuation<? super String> $completion) {
    return "n/a";
  }

  @Recover
  default void publishFailed(Exception failure, String symbol) {}

  @Recover
  default Flow<String> ticksFallback(IOException failure, String symbol) {
    return kotlinx.coroutines.flow.FlowKt.emptyFlow();
  }

  default boolean isStale(String quote) {
    return quote.isEmpty();
  }

  default boolean isTransient(IOException failure) {
    return true;
  }
}
