package io.retrygen.it.reactive;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/**
 * An inventory client of an Android app, over RxJava 3: one method per type, the type itself
 * carrying the policy, and a recover method for each.
 */
@Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 100))
public interface Inventory {
  Single<Integer> count(String sku);

  Maybe<String> location(String sku);

  Completable reserve(String sku);

  Observable<String> events(String sku);

  Flowable<String> history(String sku);

  @Recover
  default Integer unknownCount(IOException failure, String sku) {
    return -1;
  }

  @Recover
  default Maybe<String> nowhere(IOException failure, String sku) {
    return Maybe.just("nowhere");
  }

  @Recover
  default void reserveLater(IOException failure, String sku) {
    // The reservation is queued elsewhere; the call completes.
  }

  @Recover
  default Observable<String> noEvents(IOException failure, String sku) {
    return Observable.just("offline");
  }

  @Recover
  default Flowable<String> noHistory(IOException failure, String sku) {
    return Flowable.just("offline");
  }
}
