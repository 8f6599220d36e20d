package io.retrygen.spring.messaging;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;

/**
 * A transactional message listener with stateful retry (SPEC §19): every failed delivery reaches
 * the broker, so that its transaction rolls back and the message is redelivered; the deliveries of
 * one message id are counted together, and the one after the last attempt goes to the dead
 * letters instead of the listener.
 */
public interface MessageConsumer {
  @Retryable(
      stateful = true,
      stateKey = "messageId",
      maxAttempts = 3,
      backoff = @Backoff(delay = 0))
  void onMessage(Message message);

  /** The key of a delivery: redeliveries of a message share it. */
  default Object messageId(Message message) {
    return message.id();
  }

  /** A message whose deliveries are exhausted is stored as a dead letter, and acknowledged. */
  @Recover
  default void onExhausted(RuntimeException failure, Message message) {
    deadLetter(message, failure.getMessage());
  }

  /** Stores a message that could not be processed, with why. */
  void deadLetter(Message message, String reason);
}
