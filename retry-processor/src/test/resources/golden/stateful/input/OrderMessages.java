package test;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.sql.SQLException;

/** The README's stateful message consumer. */
public interface OrderMessages {
  @Retryable(stateful = true, stateKey = "messageId", retryFor = SQLException.class,
      maxAttempts = 3, backoff = @Backoff(delay = 500))
  void onMessage(Message message) throws SQLException;   // implemented by a @Transactional bean

  static String messageId(Message message) {
    return message.id();                                  // equal across redeliveries
  }

  @Recover
  default void deadLetter(SQLException failure, Message message) {
    // insert the message and the failure into dead_letter; the broker then sees a success
  }
}
