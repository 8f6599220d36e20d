package io.retrygen.processor;

/**
 * A type the input refers to is not resolved yet: perhaps another processor generates it in a
 * later round, or it is a kapt stub. The type is retried in the next round.
 */
final class MissingTypeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  MissingTypeException(String what) {
    super(what, null, false, false);
  }
}
