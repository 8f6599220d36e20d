package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** A public interface with guarded, abstract and default methods. */
public interface Catalog {

  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 20))
  String lookup(String id) throws IOException;

  /** Not guarded: forwarded to the delegate. */
  String describe(String id) throws IOException;

  /** Not guarded: forwarded, so the delegate's override runs. */
  default String greeting() {
    return "default greeting";
  }

  /** Not guarded: forwarded, so the default body runs on the delegate. */
  default String farewell() {
    return "farewell from " + getClass().getSimpleName();
  }

  /** Guarded default method: the loop runs around the delegate's call of it. */
  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  default String lookupTwice() throws IOException {
    return lookup("a") + "+" + lookup("b");
  }
}
