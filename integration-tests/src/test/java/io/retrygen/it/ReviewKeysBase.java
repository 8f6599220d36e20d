package io.retrygen.it;

/** The supertype that declares a {@code stateKey} method of {@link ReviewKeys}. */
public interface ReviewKeysBase {
  default int baseKey(String id) {
    return id.length();
  }
}
