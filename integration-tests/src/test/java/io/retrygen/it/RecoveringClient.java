package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * Recover methods chosen by signature: the most specific failure type the failure is an instance
 * of wins, whatever the declaration order, and the one without a failure parameter comes last.
 */
interface RecoveringClient {

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 10))
  String charge(String account, long cents) throws IOException;

  /** What a recover method received; the test's delegate records it. */
  void recovered(String recover, Throwable failure);

  /** No failure parameter: matches every failure, tested last although declared first. */
  @Recover
  default String chargeFailed(String account) {
    recovered("chargeFailed(String)", null);
    return "catch-all " + account;
  }

  /** More specific than the IOException one, declared before it. */
  @Recover
  default String chargeFailed(SocketTimeoutException failure, String account) {
    recovered("chargeFailed(SocketTimeoutException, String)", failure);
    return "timed out " + account;
  }

  @Recover
  default String chargeFailed(IOException failure, String account, long cents) {
    recovered("chargeFailed(IOException, String, long)", failure);
    return "queued " + account + " " + cents;
  }

  /** More specific than the IOException one, declared after it. */
  @Recover
  default String chargeFailed(FileNotFoundException failure) {
    recovered("chargeFailed(FileNotFoundException)", failure);
    return "no such account";
  }
}
