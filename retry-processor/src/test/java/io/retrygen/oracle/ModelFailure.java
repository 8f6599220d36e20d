package io.retrygen.oracle;

import io.retrygen.runtime.CircuitBreakerOpenException;
import java.util.List;

/**
 * A failure as the model sees it: the identity the trace prints and the class {@code instanceof}
 * tests against, with its cause's class for {@code matchCauses}.
 */
final class ModelFailure {
  /** What an open breaker throws instead of calling the method: a new instance each time. */
  static final ModelFailure REFUSED = new ModelFailure(
      "new CircuitBreakerOpenException", CircuitBreakerOpenException.class, null);

  final String id;
  final Class<? extends Throwable> type;
  /** Null for none. */
  final Class<? extends Throwable> cause;

  ModelFailure(String id, Class<? extends Throwable> type, Class<? extends Throwable> cause) {
    this.id = id;
    this.type = type;
    this.cause = cause;
  }

  boolean is(Fault fault) {
    return fault.type.isAssignableFrom(type);
  }

  boolean isAny(List<Fault> faults) {
    for (Fault fault : faults) {
      if (is(fault)) {
        return true;
      }
    }
    return false;
  }

  /** With {@code matchCauses}: the failure or its cause is one of {@code faults}. */
  boolean isAnyInChain(List<Fault> faults) {
    if (isAny(faults)) {
      return true;
    }
    if (cause == null) {
      return false;
    }
    for (Fault fault : faults) {
      if (fault.type.isAssignableFrom(cause)) {
        return true;
      }
    }
    return false;
  }
}
