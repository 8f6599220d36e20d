package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * Stateful retries on an interface (SPEC §19): each call is one attempt, the failure reaches the
 * caller, and the attempts are counted against the call's key across calls.
 */
interface StatefulInbox {

  /**
   * One parameter: the argument itself is the key. Exponential waits, so the wait of each call
   * shows which retry of the key it is. EOFException is not retried although a recover fits it.
   */
  @Retryable(
      stateful = true,
      noRetryFor = EOFException.class,
      notRecoverable = SocketTimeoutException.class,
      maxAttempts = 3,
      recover = "receiveFailed",
      backoff = @Backoff(delay = 100, multiplier = 2))
  String receive(String messageId) throws IOException;

  /** Several parameters: the list of the arguments is the key. */
  @Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0))
  void publish(String topic, int partition);

  /** No parameter: one key for every call. */
  @Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0))
  void drain();

  /**
   * An instance {@code stateKey}, called on the delegate: redeliveries are new objects with the
   * same id.
   */
  @Retryable(stateful = true, stateKey = "messageId", maxAttempts = 3, backoff = @Backoff(delay = 0))
  void onMessage(Message message);

  /** A static {@code stateKey} on a prefix of the arguments: the payload is not part of the key. */
  @Retryable(
      stateful = true,
      stateKey = "partitionOf",
      maxAttempts = 3,
      recover = "consumeFailed",
      backoff = @Backoff(delay = 0))
  String consume(String topic, int partition, String payload) throws IOException;

  /** Many keys: for the bound of the state. */
  @Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0))
  void touch(int key);

  default Object messageId(Message message) {
    return message.id;
  }

  static String partitionOf(String topic, int partition) {
    return topic + "#" + partition;
  }

  /** What a recover method received; the test's delegate records it. */
  void recovered(String recover, Throwable failure);

  @Recover
  default String receiveFailed(IOException failure, String messageId) {
    recovered("receiveFailed(IOException, String)", failure);
    return "dead-lettered " + messageId;
  }

  /** More specific than the IOException one. */
  @Recover
  default String receiveFailed(FileNotFoundException failure) {
    recovered("receiveFailed(FileNotFoundException)", failure);
    return "gone";
  }

  /** A prefix of consume's arguments. */
  @Recover
  default String consumeFailed(IOException failure, String topic, int partition) {
    recovered("consumeFailed(IOException, String, int)", failure);
    return "parked " + partitionOf(topic, partition);
  }

  /** A message whose equality is its identity: a redelivery is a new object. */
  final class Message {
    final String id;
    final String body;

    Message(String id, String body) {
      this.id = id;
      this.body = body;
    }

    @Override
    public String toString() {
      return id + ":" + body;
    }
  }
}
