package test;

import io.reactivex.rxjava3.core.Completable;
import io.reactivex.rxjava3.core.Flowable;
import io.reactivex.rxjava3.core.Maybe;
import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.Single;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** RxJava 3 methods: each call returns a lazy source that calls the method again. */
public interface Accounts {
  @Retryable(retryFor = IOException.class, recover = "unknownOwner")
  Single<String> owner(long id);

  @Retryable(retryFor = IOException.class, recover = "noBalance")
  Maybe<Long> balance(long id);

  @Retryable(retryFor = IOException.class, recover = "closeLater")
  Completable close(long id);

  @Retryable(retryFor = IOException.class, recover = "noEvents")
  Observable<String> events(long id);

  @Retryable(retryFor = IOException.class, recover = "historyUnavailable")
  Flowable<String> history(long id);

  @Recover
  default String unknownOwner(IOException failure, long id) {
    return "unknown";
  }

  @Recover
  default Maybe<Long> noBalance(IOException failure) {
    return Maybe.empty();
  }

  @Recover
  default void closeLater(IOException failure, long id) {}

  @Recover
  default Observable<String> noEvents(IOException failure, long id) {
    return Observable.empty();
  }

  @Recover
  default String historyUnavailable(IOException failure) {
    return "unavailable";
  }
}
