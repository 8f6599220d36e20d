package io.retrygen.docs;

import io.retrygen.Retryable;

/** {@code retryIf} and {@code retryOnResult}: a failure and a result tested by value. */
public interface OrderApi {
  @Retryable(retryIf = "isTransient", retryOnResult = "isPending", maxAttempts = 5)
  Status submit(Order order) throws ApiException;

  default boolean isTransient(ApiException e) { return e.status() >= 500; }  // boolean f(T failure)
  static boolean isPending(Status s) { return s == Status.PENDING; }         // boolean f(R result)

  /** Where an order stands. */
  enum Status { PENDING, ACCEPTED }

  /** An order to submit. */
  final class Order {
    final String sku;

    public Order(String sku) {
      this.sku = sku;
    }
  }

  /** A failed call, with its HTTP status. */
  class ApiException extends Exception {
    private static final long serialVersionUID = 1L;
    private final int status;

    public ApiException(int status) {
      super("HTTP " + status);
      this.status = status;
    }

    public int status() {
      return status;
    }
  }
}
