package test;

import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;

public interface Gateway {
  @Retryable(
      retryFor = IOException.class,
      notRecoverable = FileNotFoundException.class,
      retryIf = "isTransient")
  String charge(String account, long cents) throws IOException;

  @Retryable(retryOnResult = "isDeclined")
  int authorize(String account);

  @Retryable(maxAttempts = 2)
  void refund(String account, long cents);

  String status();

  /** Matches every failure, so it is tested last although it is declared first. */
  @Recover
  default String chargeFailed(String account) {
    return "failed " + account;
  }

  @Recover
  default String chargeFailed(IOException failure, String account, long cents) {
    return "queued " + account + " " + cents;
  }

  @Recover
  default void refundFailed(RuntimeException failure, String account) {}

  default boolean isTransient(SocketTimeoutException failure) {
    return failure.getMessage() == null;
  }

  static boolean isDeclined(int code) {
    return code < 0;
  }
}
