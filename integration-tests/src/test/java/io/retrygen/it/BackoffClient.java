package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** One method per kind of backoff; every call fails as its script says. */
interface BackoffClient {

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100))
  String fixed() throws IOException;

  @Retryable(maxAttempts = 6, backoff = @Backoff(delay = 100, multiplier = 2, maxDelay = 500))
  String exponentialWithMaxDelay() throws IOException;

  /** No maxDelay: the implicit 30000 ms cap of an exponential backoff applies. */
  @Retryable(maxAttempts = 5, backoff = @Backoff(delay = 10000, multiplier = 2))
  String exponentialWithImplicitCap() throws IOException;

  /** No @Backoff at all: a fixed 1000 ms. */
  @Retryable
  String noBackoff() throws IOException;

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 0))
  String immediate() throws IOException;

  /** Fixed random: uniform in [delay, maxDelay]. */
  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100, maxDelay = 300, random = true))
  String randomFixed() throws IOException;

  /** Exponential random: uniform in [d, d * multiplier]. */
  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100, multiplier = 3, random = true))
  String randomExponential() throws IOException;

  /** Direct @Backoff, with jitter: the wait times a factor in [0.5, 1.5]. */
  @Retryable(maxAttempts = 3)
  @Backoff(delay = 1000, jitter = 0.5)
  String jittered() throws IOException;

  /** Truncation to whole milliseconds. */
  @Retryable(maxAttempts = 2)
  @Backoff(delay = 100, jitter = 0.1)
  String smallJitter() throws IOException;

  /** random draws before jitter; every wait capped at 3000. */
  @Retryable(maxAttempts = 4)
  @Backoff(delay = 1000, multiplier = 2, maxDelay = 3000, random = true, jitter = 0.5)
  String randomThenJitter() throws IOException;

  /** From the third wait on, delay * multiplier^(n-1) is infinite in double: still capped. */
  @Retryable(
      maxAttempts = 4,
      backoff = @Backoff(delay = 1000, multiplier = 1e200, maxDelay = 60000))
  String hugeMultiplier() throws IOException;

  @Retryable(
      maxAttempts = 4,
      backoff = @Backoff(delay = 1000, multiplier = 1e200, maxDelay = 60000, random = true))
  String hugeRandomMultiplier() throws IOException;
}
