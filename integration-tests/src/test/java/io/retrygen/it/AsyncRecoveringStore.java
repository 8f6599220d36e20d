package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A class input with recover methods for an asynchronous method, chosen by the failure's type, most
 * specific first: one returns the value ({@code T}), one the method's own future type, one (without
 * a failure parameter) catches the rest. {@code IllegalArgumentException} is not recoverable.
 */
class AsyncRecoveringStore {
  final StageScript<String> script;
  /** Which recover method ran, with what. */
  final List<String> recoveries = Collections.synchronizedList(new ArrayList<String>());
  /** What {@link #fromMissing} returns. */
  volatile CompletableFuture<String> fallback = CompletableFuture.completedFuture("fallback");

  AsyncRecoveringStore(StageScript<String> script) {
    this.script = script;
  }

  @Retryable(
      maxAttempts = 2,
      backoff = @Backoff(delay = 100),
      notRecoverable = IllegalArgumentException.class)
  public CompletableFuture<String> load(String key) throws IOException {
    return script.next();
  }

  /** Returns the value: the call completes with it. */
  @Recover
  protected String fromIo(IOException failure, String key) {
    recoveries.add("fromIo " + failure.getMessage() + " " + key);
    return "io " + key;
  }

  /** More specific than {@link #fromIo}; returns the method's future type. */
  @Recover
  protected CompletableFuture<String> fromMissing(FileNotFoundException failure, String key) {
    recoveries.add("fromMissing " + failure.getMessage() + " " + key);
    return fallback;
  }

  /** Any other failure; throws for the key "boom". */
  @Recover
  protected String fromAnything(String key) {
    recoveries.add("fromAnything " + key);
    if (key.equals("boom")) {
      throw new IllegalStateException("recovery failed for " + key);
    }
    return "any " + key;
  }
}
