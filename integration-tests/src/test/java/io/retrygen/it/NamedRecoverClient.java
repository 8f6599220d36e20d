package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;

/**
 * Several recover methods fit both guarded methods; {@code recover = "name"} picks among them
 * (and among the overloads of that name, by failure type).
 */
interface NamedRecoverClient {

  @Retryable(recover = "primary", backoff = @Backoff(delay = 10))
  String first(String key) throws IOException;

  @Retryable(recover = "secondary", backoff = @Backoff(delay = 10))
  String second(String key) throws IOException;

  @Recover
  default String primary(IOException failure, String key) {
    return "primary " + key;
  }

  @Recover
  default String secondary(IOException failure, String key) {
    return "secondary " + key;
  }

  @Recover
  default String secondary(FileNotFoundException failure) {
    return "secondary missing";
  }
}
