package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Stateful review input: {@code stateKey} methods inherited, primitive, and throwing. */
public interface ReviewKeys extends ReviewKeysBase {
  @Retryable(stateful = true, stateKey = "baseKey", maxAttempts = 2, backoff = @Backoff(delay = 0))
  void inherited(String id);

  @Retryable(stateful = true, stateKey = "primKey", maxAttempts = 2, backoff = @Backoff(delay = 0))
  void primitive(String id);

  static int primKey(String id) {
    return id.length();
  }

  @Retryable(stateful = true, stateKey = "throwing", maxAttempts = 2, backoff = @Backoff(delay = 0))
  void uncheckedKey(String id);

  static String throwing(String id) {
    throw new IllegalArgumentException("bad id " + id);
  }

  @Retryable(stateful = true, stateKey = "checked", maxAttempts = 2, backoff = @Backoff(delay = 0))
  void checkedKey(String id) throws IOException;

  static String checked(String id) throws IOException {
    throw new IOException("unreadable id " + id);
  }
}
