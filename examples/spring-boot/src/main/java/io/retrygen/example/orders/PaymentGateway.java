package io.retrygen.example.orders;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * The payment provider, simulated in-process: for each order its first
 * {@code demo.payments.failures} authorizations time out, then it authorizes.
 */
@Component
public class PaymentGateway {
  private final int failures;
  private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();

  public PaymentGateway(@Value("${demo.payments.failures:1}") int failures) {
    this.failures = failures;
  }

  /** Authorizes the order's payment; returns the authorization's id. */
  public String authorize(String orderId, long cents) {
    int call = calls.computeIfAbsent(orderId, id -> new AtomicInteger()).incrementAndGet();
    if (call <= failures) {
      throw new PaymentTimeoutException(
          "payment provider timed out (call " + call + " for " + orderId + ")");
    }
    return "AUTH-" + orderId + "-" + cents;
  }

  /** How many authorizations the provider received for the order. */
  public int calls(String orderId) {
    AtomicInteger count = calls.get(orderId);
    return count == null ? 0 : count.get();
  }
}
