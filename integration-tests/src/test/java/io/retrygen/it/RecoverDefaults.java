package io.retrygen.it;

import io.retrygen.Recover;
import java.io.IOException;

/**
 * A generic superinterface that declares a recover method and nothing guarded, so nothing is
 * generated for it.
 */
interface RecoverDefaults<V> {

  V fallback(String key);

  @Recover
  default V fetchFailed(IOException failure, String key) {
    return fallback(key + " after " + failure.getMessage());
  }
}
