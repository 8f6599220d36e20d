package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.util.ArrayList;
import java.util.List;

/** A class whose attempts may throw InterruptedException, under each kind of retryFor. */
class InterruptibleWorker {
  final Script script;
  final List<Throwable> recovered = new ArrayList<>();

  InterruptibleWorker(Script script) {
    this.script = script;
  }

  @Retryable(backoff = @Backoff(delay = 10))
  public String byDefault() throws InterruptedException {
    script.call(InterruptedException.class);
    return "done";
  }

  @Retryable(retryFor = Throwable.class, backoff = @Backoff(delay = 10))
  public String forThrowable() throws InterruptedException {
    script.call(InterruptedException.class);
    return "done";
  }

  @Retryable(retryFor = InterruptedException.class, backoff = @Backoff(delay = 10))
  public String forInterrupted() throws InterruptedException {
    script.call(InterruptedException.class);
    return "done";
  }

  @Retryable(backoff = @Backoff(delay = 10))
  public String recovered(String key) throws InterruptedException {
    script.call(InterruptedException.class);
    return "done " + key;
  }

  /** Fits only {@link #recovered}, the one guarded method that takes a String. */
  @Recover
  String interruptedFallback(InterruptedException failure, String key) {
    recovered.add(failure);
    return "recovered " + key;
  }
}
