package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** With matchCauses, recovery still looks at the failure itself, not at its cause. */
interface CauseRecoveringClient {
  @Retryable(retryFor = IOException.class, matchCauses = true, backoff = @Backoff(delay = 10))
  String recovered();

  @Recover
  default String recoveredFromIo(IOException failure) {
    return "io";
  }

  @Recover
  default String recoveredFromAnything(RuntimeException failure) {
    return "runtime: " + failure.getMessage();
  }
}
