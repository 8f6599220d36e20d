package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Generic class input: the generated subclass keeps the type parameter and its bound. */
class Box<T extends Number> {
  final Script script;
  final List<T> items;

  Box(Script script, List<T> items) {
    this.script = script;
    this.items = new ArrayList<>(items);
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public T first() {
    script.call();
    return items.get(0);
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public <C extends Collection<? super T>> C drainTo(C target) {
    script.call();
    target.addAll(items);
    return target;
  }

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
  public double total(double... extra) {
    script.call();
    double total = 0;
    for (T item : items) {
      total += item.doubleValue();
    }
    for (double each : extra) {
      total += each;
    }
    return total;
  }
}
