package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import io.reactivex.rxjava3.core.Single;
import java.io.IOException;

/** An RxJava 3 method, retried the reactive way. */
public interface StockCounter {
  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 100))
  Single<Integer> count(String sku);
}
