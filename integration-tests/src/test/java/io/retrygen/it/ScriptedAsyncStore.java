package io.retrygen.it;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** An {@link AsyncStore} whose every method takes the next step of one {@link StageScript}. */
class ScriptedAsyncStore implements AsyncStore {
  final StageScript<String> script = new StageScript<>();
  /** The failures {@link #isTransient} was asked about, in order. */
  final List<IOException> consulted = Collections.synchronizedList(new ArrayList<IOException>());

  @Override
  public CompletableFuture<String> fetch(String key) {
    return unchecked();
  }

  @Override
  public CompletionStage<String> read(String key) throws IOException {
    return script.next();
  }

  @Override
  public CompletableFuture<String> query(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> status(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> timed(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> poll(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> guarded(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> both(String key) {
    return unchecked();
  }

  @Override
  public CompletableFuture<String> plain(String key) {
    return unchecked();
  }

  @Override
  public boolean isTransient(IOException failure) {
    consulted.add(failure);
    return AsyncStore.super.isTransient(failure);
  }

  private CompletableFuture<String> unchecked() {
    try {
      return script.next();
    } catch (IOException e) {
      throw new AssertionError("only read() may throw a checked exception", e);
    }
  }
}
