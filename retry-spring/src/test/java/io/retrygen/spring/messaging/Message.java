package io.retrygen.spring.messaging;

/** A message as a broker delivers it: each delivery is a new object with the same id. */
public record Message(String id, String body) {
  /** The same message, delivered again. */
  public Message redelivered() {
    return new Message(id, body);
  }
}
