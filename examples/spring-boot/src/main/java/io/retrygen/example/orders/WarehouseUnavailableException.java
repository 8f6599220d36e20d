package io.retrygen.example.orders;

/** The warehouse answered 503: worth another try in a moment. */
public class WarehouseUnavailableException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public WarehouseUnavailableException(String message) {
    super(message);
  }
}
