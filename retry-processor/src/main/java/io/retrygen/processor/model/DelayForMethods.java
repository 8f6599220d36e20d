package io.retrygen.processor.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The overloads named by {@code @Backoff(delayFor = "...")} that a guarded method uses,
 * resolved at compile time: those that take a failure, in the order the generated {@code
 * instanceof} chain tests them, and the one that takes the method's result.
 */
public final class DelayForMethods {
  private final List<PredicateMethod> forFailures;
  private final PredicateMethod forResult;

  public DelayForMethods(List<PredicateMethod> forFailures, PredicateMethod forResult) {
    this.forFailures = Collections.unmodifiableList(new ArrayList<>(forFailures));
    this.forResult = forResult;
  }

  /**
   * The overloads that take a failure, most specific parameter type first, up to the first that
   * takes every failure ({@code Throwable}, no {@link PredicateMethod#needsCast()}); empty when
   * none does.
   */
  public List<PredicateMethod> forFailures() {
    return forFailures;
  }

  /** The overload that takes the result {@code retryOnResult} rejected; null if none does. */
  public PredicateMethod forResult() {
    return forResult;
  }

  /** The overloads the generated code calls: failure ones first, then the result one. */
  public List<PredicateMethod> all() {
    List<PredicateMethod> all = new ArrayList<>(forFailures);
    if (forResult != null) {
      all.add(forResult);
    }
    return all;
  }
}
