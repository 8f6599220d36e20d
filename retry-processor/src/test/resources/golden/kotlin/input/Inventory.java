package test;

import io.retrygen.Recover;
import io.retrygen.Retryable;
import kotlin.coroutines.Continuation;

/** As kapt shows an open Kotlin class with a suspend function and a plain recover function. */
@kotlin.Metadata
public class Inventory {
  @Retryable(maxAttempts = 2)
  public Object reserve(String sku, int count, Continuation<? super Integer> $completion) {
    return count;
  }

  @Recover
  public int reserveFailed(IllegalStateException failure, String sku) {
    return 0;
  }
}
