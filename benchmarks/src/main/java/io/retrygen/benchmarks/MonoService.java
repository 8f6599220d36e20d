package io.retrygen.benchmarks;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import reactor.core.publisher.Mono;

/**
 * The retried Reactor interface: the processor generates {@code MonoServiceRetrying}, a delegate
 * whose {@code call} returns {@code new MonoCall<String>(retrier, null) {...}.mono()}. Same settings
 * as {@link Service}: any exception retried, 3 attempts, no wait between them.
 */
public interface MonoService {
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  Mono<String> call(String input);
}
