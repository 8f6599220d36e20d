package io.retrygen.it;

import java.util.ArrayList;
import java.util.List;

/** Predicates declared in a superclass of the input: one instance, one static. */
class PredicateServiceBase {
  final List<Throwable> consulted = new ArrayList<>();

  protected boolean isBusy(IllegalStateException failure) {
    consulted.add(failure);
    return "busy".equals(failure.getMessage());
  }

  static boolean isTimeout(RuntimeException failure) {
    return "timeout".equals(failure.getMessage());
  }
}
