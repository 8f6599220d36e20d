package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

interface ListenedClient {

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100), listeners = CountingListener.class)
  String first() throws IOException;

  @Retryable(
      maxAttempts = 3,
      backoff = @Backoff(delay = 100),
      listeners = {CountingListener.class, SecondListener.class})
  String second() throws IOException;

  @Retryable(
      retryFor = IOException.class,
      maxAttempts = 3,
      backoff = @Backoff(delay = 100),
      listeners = ThrowingListener.class)
  String throwing() throws IOException;

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
  String plain() throws IOException;

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 100), label = "client:custom")
  String custom() throws IOException;
}
