package io.retrygen.it;

/** The TCK's {@code TestException}: unchecked, its message prefixed as there. */
final class TckTestException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  TckTestException(String message) {
    super("Test Exception - " + message);
  }
}
