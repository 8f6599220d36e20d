package io.retrygen.example.orders;

/** The payment provider did not answer in time: the authorization may be tried again. */
public class PaymentTimeoutException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public PaymentTimeoutException(String message) {
    super(message);
  }
}
