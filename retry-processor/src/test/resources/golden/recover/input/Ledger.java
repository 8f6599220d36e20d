package test;

import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;

public class Ledger {
  @Retryable(
      retryFor = IOException.class,
      notRecoverable = FileNotFoundException.class,
      retryIf = "isTransient",
      retryOnResult = "isStale")
  public String balance(String account) throws IOException {
    return account;
  }

  @Retryable
  protected void post(String account, long cents) {}

  /** Matches every failure, so it is tested last although it is declared first. */
  @Recover
  protected String balanceUnavailable(Throwable failure, String account) {
    return "unknown " + account;
  }

  @Recover
  String balanceUnavailable(IOException failure) {
    return "offline";
  }

  @Recover
  protected void postFailed(IllegalStateException failure, String account, long cents) {}

  protected boolean isTransient(SocketTimeoutException failure) {
    return true;
  }

  static boolean isStale(String balance) {
    return balance.isEmpty();
  }
}
