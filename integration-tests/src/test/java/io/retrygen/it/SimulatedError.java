package io.retrygen.it;

/** An {@link Error} that the tests throw on purpose. */
final class SimulatedError extends Error {
  private static final long serialVersionUID = 1L;

  SimulatedError(String message) {
    super(message);
  }
}
