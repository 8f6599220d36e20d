package io.retrygen.spring.messaging;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** What happened inside the consumer, behind its proxies: failures thrown, transactions ended. */
public class DeliveryLog {
  /** Every failure the consumer threw, to compare with what the broker received. */
  public final List<RuntimeException> thrown = new CopyOnWriteArrayList<>();
  /** How each delivery's transaction ended: {@code "id committed"} or {@code "id rolled back"}. */
  public final List<String> transactions = new CopyOnWriteArrayList<>();
}
