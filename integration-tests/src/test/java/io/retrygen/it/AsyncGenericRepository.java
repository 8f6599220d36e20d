package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * A generic class input: asynchronous methods whose futures hold the class's type variable, and a
 * generic method of its own. Each method fails with an IOException on its first call.
 */
class AsyncGenericRepository<K extends Comparable<K>> {
  final List<String> calls = Collections.synchronizedList(new ArrayList<String>());

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public CompletableFuture<K> max(Collection<? extends K> keys) {
    if (firstCall("max")) {
      return failed(new IOException("max: busy"));
    }
    return CompletableFuture.completedFuture(Collections.max(keys));
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 100))
  public <R> CompletableFuture<Map<K, R>> index(
      List<K> keys, Function<? super K, ? extends R> valueOf) {
    if (firstCall("index")) {
      return failed(new IOException("index: busy"));
    }
    Map<K, R> index = new LinkedHashMap<>();
    for (K key : keys) {
      index.put(key, valueOf.apply(key));
    }
    return CompletableFuture.completedFuture(index);
  }

  private boolean firstCall(String method) {
    boolean first = !calls.contains(method);
    calls.add(method);
    return first;
  }

  private static <T> CompletableFuture<T> failed(Throwable failure) {
    CompletableFuture<T> future = new CompletableFuture<>();
    future.completeExceptionally(failure);
    return future;
  }
}
