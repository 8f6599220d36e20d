package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** A class input: recover methods run on the instance itself, through {@code super}. */
class RecoveringStore extends RecoveringStoreBase {
  final Script script;

  RecoveringStore(Script script) {
    this.script = script;
  }

  /** Recovered by {@link RecoveringStoreBase#loadFailed}. */
  @Retryable(backoff = @Backoff(delay = 5))
  public String load(String key) throws IOException {
    script.call(IOException.class);
    return "loaded " + key;
  }

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 5))
  int size(String key) throws IOException {
    script.call(IOException.class);
    return key.length();
  }

  /** Takes every failure, Errors included. */
  @Recover
  int sizeFailed(Throwable failure) {
    recoveredOn.add(this);
    recoveredFailures.add(failure);
    return -1;
  }

  /** Not guarded itself: calls a guarded method on {@code this} twice. */
  public String loadBoth() throws IOException {
    return this.load("a") + ", " + load("b");
  }
}
