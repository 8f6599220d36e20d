package io.retrygen.it.lombok;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import lombok.Getter;
import lombok.RequiredArgsConstructor;

/**
 * A class Lombok completes: its only constructor, {@code Manager(Store)}, and {@code getStore()}
 * exist only once Lombok has run, which here is after retrygen on the processor path.
 */
@RequiredArgsConstructor
@Retryable(backoff = @Backoff(delay = 0))
public class Manager {
  @Getter private final Store store;

  public String load(String key) {
    return store.load(key);
  }

  /** What the manager calls. */
  public interface Store {
    String load(String key);
  }
}
