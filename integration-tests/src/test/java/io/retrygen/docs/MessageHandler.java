package io.retrygen.docs;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import java.sql.SQLException;

/** Stateful retry of a lambda: one attempt per delivery, the count kept per message id. */
final class MessageHandler {
  private final RetryTemplate template = RetryTemplate.builder()
      .maxAttempts(3)
      .backoff(BackoffPolicy.fixed(0))
      .retryOn(SQLException.class)
      .build();

  String onMessage(Message message) throws SQLException {
    return template.execute(context -> handle(message),            // one attempt per call, rethrown
                 context -> deadLetter(message, context.lastFailure()),
                 RetryState.of(message.id()));           // RetryState.of(id, true): forget it first
  }

  String handle(Message message) throws SQLException {
    throw new SQLException("deadlock on " + message.id());
  }

  String deadLetter(Message message, Throwable failure) {
    return "dead-lettered " + message.id() + ": " + failure.getMessage();
  }

  /** A broker's message; its id is equal across redeliveries. */
  static final class Message {
    private final String id;

    Message(String id) {
      this.id = id;
    }

    String id() {
      return id;
    }
  }
}
