package io.retrygen.example.orders;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The remote warehouse, simulated in-process: for each order it answers 503 to its first
 * {@code demo.warehouse.failures} calls, then reserves the stock. Not retried itself: the service
 * that calls it is.
 */
@Component
public class WarehouseClient {
  private final int failures;
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  public WarehouseClient(@Value("${demo.warehouse.failures:2}") int failures) {
    this.failures = failures;
  }

  /** Reserves {@code quantity} of {@code sku} for the order; returns the reservation's id. */
  public String reserve(String orderId, String sku, int quantity) {
    int call = calls.computeIfAbsent(orderId, id -> new AtomicInteger()).incrementAndGet();
    if (call <= failures) {
      throw new WarehouseUnavailableException(
          "503 Service Unavailable from the warehouse (call " + call + " for " + orderId + ")");
    }
    return "R-" + orderId;
  }

  /** How many calls the warehouse received for the order. */
  public int calls(String orderId) {
    AtomicInteger count = calls.get(orderId);
    return count == null ? 0 : count.get();
  }
}
