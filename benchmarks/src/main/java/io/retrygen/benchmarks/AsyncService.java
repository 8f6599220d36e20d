package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.util.concurrent.CompletableFuture;

/**
 * The retried asynchronous interface: the processor generates {@code AsyncServiceRetrying}, a
 * delegate whose {@code call} returns {@code new AsyncCall<String>(retrier, null) {...}.start()}.
 * Same settings as {@link Service}: any exception retried, 3 attempts, no wait between them.
 */
public interface AsyncService {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  CompletableFuture<String> call(String input);
}
