package io.retrygen.spring.messaging;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** What the consumer forwards each message to; fails the next forwards of an id when told to. */
public class Downstream {
  private final List<String> forwarded = new CopyOnWriteArrayList<>();
  private final Map<String, Integer> failuresLeft = new ConcurrentHashMap<>();

  /** The next {@code times} forwards of the message {@code id} fail. */
  public void failNext(String id, int times) {
    failuresLeft.put(id, times);
  }

  /** Records the message, then throws if it was told to. */
  public void forward(Message message) {
    forwarded.add(message.id());
    Integer left = failuresLeft.get(message.id());
    if (left != null && left > 0) {
      failuresLeft.put(message.id(), left - 1);
      throw new IllegalStateException("downstream unavailable for " + message.id());
    }
  }

  /** The ids of the messages forwarded, one per delivery that reached it, in order. */
  public List<String> forwarded() {
    return forwarded;
  }
}
