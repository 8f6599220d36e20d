package test;

import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.sql.SQLException;
import java.sql.SQLTransientException;

/** A message listener whose failures must reach the broker: stateful retry, one attempt a call. */
public class Consumer {
  public static final class Message {
    final String id;
    final String body;

    public Message(String id, String body) {
      this.id = id;
      this.body = body;
    }
  }

  /** The key of a message: its id, computed by an instance method of this class. */
  @Retryable(
      stateful = true,
      stateKey = "messageId",
      retryFor = SQLTransientException.class,
      maxAttempts = 4)
  public void handle(Message message) throws SQLException {
    store(message.body);
  }

  String messageId(Message message) {
    return message.id;
  }

  /** Keyed by a static method of one leading argument, with a breaker around each attempt. */
  @Retryable(stateful = true, stateKey = "accountKey", maxAttempts = 3)
  @CircuitBreaker(name = "ledger")
  public long post(String account, long cents) throws SQLException {
    return cents;
  }

  static Object accountKey(String account) {
    return account.toLowerCase();
  }

  /** Keyed by its one argument. */
  @Retryable(stateful = true, notRecoverable = IllegalStateException.class)
  public int count(int batch) {
    return batch;
  }

  @Recover
  int countFallback(IllegalArgumentException failure, int batch) {
    return -1;
  }

  @Recover
  int countLast(int batch) {
    return 0;
  }

  @Recover
  void handleFailed(SQLException failure, Message message) {}

  void store(String body) throws SQLException {}
}
