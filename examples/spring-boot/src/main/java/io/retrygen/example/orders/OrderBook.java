package io.retrygen.example.orders;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.util.List;

/**
 * The orders, stored. Retried on the interface: the implementation's bean is wrapped in the
 * generated {@code OrderBookRetrying} outside its {@code @Transactional} proxy, so each attempt
 * of {@link #place} runs in a transaction of its own, and a failed attempt's insert is rolled back
 * before the next one.
 */
public interface OrderBook {
  /** Stores the order and authorizes its payment, in one transaction per attempt. */
  @Retryable(retryFor = PaymentTimeoutException.class, maxAttempts = 3)
  @Backoff(delay = 10)
  Order place(String orderId, String sku, int quantity, String reservation);

  /** The orders stored so far, oldest first. */
  List<Order> all();

  /** How many rows the order has (one once placed). */
  int rows(String orderId);
}
