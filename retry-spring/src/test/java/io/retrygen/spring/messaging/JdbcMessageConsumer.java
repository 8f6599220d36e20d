package io.retrygen.spring.messaging;

import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes one row per word of a message, forwards it, then fails if it is poison: the rows of a
 * failed delivery must be rolled back with its transaction.
 */
public class JdbcMessageConsumer implements MessageConsumer {
  private final JdbcTemplate jdbc;
  private final Downstream downstream;
  private final DeliveryLog log;

  public JdbcMessageConsumer(JdbcTemplate jdbc, Downstream downstream, DeliveryLog log) {
    this.jdbc = jdbc;
    this.downstream = downstream;
    this.log = log;
  }

  @Override
  @Transactional
  public void onMessage(Message message) {
    if (!TransactionSynchronizationManager.isActualTransactionActive()) {
      throw new AssertionError("onMessage runs without a transaction");
    }
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCompletion(int status) {
            log.transactions.add(
                message.id() + (status == STATUS_COMMITTED ? " committed" : " rolled back"));
          }
        });
    for (String word : message.body().split(" ")) {
      jdbc.update("insert into entries (message_id, word) values (?, ?)", message.id(), word);
    }
    try {
      downstream.forward(message);
      if (message.body().startsWith("poison")) {
        throw new IllegalArgumentException("cannot process " + message.id());
      }
    } catch (RuntimeException e) {
      log.thrown.add(e);
      throw e;
    }
  }

  @Override
  @Transactional
  public void deadLetter(Message message, String reason) {
    jdbc.update(
        "insert into dead_letter (message_id, body, reason) values (?, ?, ?)",
        message.id(), message.body(), reason);
  }
}
