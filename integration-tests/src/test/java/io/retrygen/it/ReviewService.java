package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.Serializable;
import java.util.ArrayList;

/**
 * Stateful review input: a serializable class whose constructor calls its stateful method, a
 * {@code @Recover} that throws and one taking a prefix of the arguments.
 */
public class ReviewService implements Serializable {
  private static final long serialVersionUID = 1L;

  final ArrayList<String> calls = new ArrayList<>();

  // Calls its guarded method on purpose: the generated subclass's fields are not set yet.
  @SuppressWarnings("this-escape")
  public ReviewService() {
    handle("constructor", 0);
  }

  @Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0), recover = "prefix")
  public String handle(String id, int attempt) {
    calls.add(id + "#" + attempt);
    if (id.startsWith("fail")) {
      throw new IllegalStateException(id + "#" + attempt);
    }
    return id;
  }

  @Recover
  String prefix(IllegalStateException failure, String id) {
    return "recovered " + id + " from " + failure.getMessage();
  }

  @Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0), recover = "throwing")
  public String fragile(String id) {
    calls.add(id);
    throw new IllegalStateException(id);
  }

  @Recover
  String throwing(IllegalStateException failure, String id) {
    throw new UnsupportedOperationException("dead letter full", failure);
  }
}
