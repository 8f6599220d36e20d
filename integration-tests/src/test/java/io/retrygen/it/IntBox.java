package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.util.List;

/** Extends a parameterized generic class; inherited guarded methods keep Box's annotations. */
class IntBox extends Box<Integer> {

  IntBox(Script script, List<Integer> items) {
    super(script, items);
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  public int sum() {
    script.call();
    int sum = 0;
    for (int item : items) {
      sum += item;
    }
    return sum;
  }
}
