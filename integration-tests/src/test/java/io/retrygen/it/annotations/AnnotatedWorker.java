package io.retrygen.it.annotations;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** A class: its guarded overrides carry the annotations, its other methods are inherited. */
public class AnnotatedWorker {
  int calls;

  public AnnotatedWorker() {}

  /** Spring reads {@code @Qualifier} and {@code @Value} on the parameters of this constructor. */
  public AnnotatedWorker(@Audited("start") int calls, @CompileOnly String unused) {
    this.calls = calls;
  }

  @Retryable(backoff = @Backoff(delay = 0))
  @Audited(value = "work", tags = {})
  @Deprecated
  public String work(@Audited("input") String input) {
    calls++;
    if (calls < 2) {
      throw new IllegalStateException("first call fails");
    }
    return input + calls;
  }
}
