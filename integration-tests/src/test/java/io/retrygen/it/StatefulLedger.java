package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import io.retrygen.runtime.CircuitBreakerOpenException;
import java.util.List;

/**
 * Stateful retries on a class (SPEC §19): the generated subclass counts each key's attempts
 * across calls, and across its instances.
 */
class StatefulLedger {
  private final Script script;
  private final List<String> log;

  StatefulLedger(Script script, List<String> log) {
    this.script = script;
    this.log = log;
  }

  /**
   * An instance {@code stateKey} on a prefix of the arguments: the amount is not part of the key.
   * {@code maxDuration} counts from the key's first attempt.
   */
  @Retryable(
      stateful = true,
      stateKey = "accountOf",
      maxAttempts = 10,
      maxDuration = 1000,
      backoff = @Backoff(delay = 100))
  public void post(String account, long cents) {
    log.add("post " + account + " " + cents);
    script.call();
  }

  Object accountOf(String account) {
    log.add("accountOf " + account);
    return account;
  }

  /** A checked failure, the argument as the key. */
  @Retryable(
      stateful = true,
      retryFor = LedgerException.class,
      maxAttempts = 2,
      recover = "settleFailed",
      backoff = @Backoff(delay = 50))
  public String settle(String batch) throws LedgerException {
    log.add("settle " + batch);
    script.call(LedgerException.class);
    return "settled " + batch;
  }

  @Recover
  String settleFailed(LedgerException failure, String batch) {
    log.add("settleFailed " + failure.getMessage() + " " + batch);
    return "reopened " + batch;
  }

  /** Every call passes the breaker, one per method whatever the key. */
  @Retryable(stateful = true, maxAttempts = 4, recover = "fetchFailed", backoff = @Backoff(delay = 0))
  @CircuitBreaker(requestVolumeThreshold = 2, failureRatio = 1.0, delay = 1000)
  public String fetch(String id) {
    log.add("fetch " + id);
    script.call();
    return "fetched " + id;
  }

  @Recover
  String fetchFailed(CircuitBreakerOpenException failure, String id) {
    log.add("fetchFailed " + id);
    return "unavailable " + id;
  }

  /** A checked failure of the ledger. */
  static final class LedgerException extends Exception {
    private static final long serialVersionUID = 1L;

    LedgerException(String message) {
      super(message);
    }
  }
}
