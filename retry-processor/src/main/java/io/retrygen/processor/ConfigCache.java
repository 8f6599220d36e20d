package io.retrygen.processor;

import java.util.HashMap;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Each annotation read once: the values of the {@code @Retryable}, {@code @CircuitBreaker} or
 * {@code @RetryBudget} on an element, shared by every method it guards and by the validator.
 * Emptied at the start of each round, since elements of one round must not be used in the next.
 */
final class ConfigCache {
  private final Elements elements;
  private final Types types;
  private final Map<Element, RetryConfig> retryConfigs = new HashMap<>();
  private final Map<Element, BreakerConfig> breakerConfigs = new HashMap<>();
  private final Map<Element, BudgetConfig> budgetConfigs = new HashMap<>();

  ConfigCache(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  void clear() {
    retryConfigs.clear();
    breakerConfigs.clear();
    budgetConfigs.clear();
  }

  /** The {@code @Retryable} on {@code element} with its {@code @Backoff}, or null if none. */
  RetryConfig retry(Element element) {
    RetryConfig config = retryConfigs.get(element);
    if (config == null && !retryConfigs.containsKey(element)) {
      AnnotationMirror mirror = Mirrors.find(element, Names.RETRYABLE);
      config = mirror == null ? null : RetryConfig.read(elements, types, element, mirror);
      retryConfigs.put(element, config);
    }
    return config;
  }

  /** The {@code @CircuitBreaker} on {@code element}, or null if none. */
  BreakerConfig breaker(Element element) {
    BreakerConfig config = breakerConfigs.get(element);
    if (config == null && !breakerConfigs.containsKey(element)) {
      AnnotationMirror mirror = Mirrors.find(element, Names.CIRCUIT_BREAKER);
      config = mirror == null ? null : BreakerConfig.read(elements, element, mirror);
      breakerConfigs.put(element, config);
    }
    return config;
  }

  /** The {@code @RetryBudget} on {@code element}, or null if none. */
  BudgetConfig budget(Element element) {
    BudgetConfig config = budgetConfigs.get(element);
    if (config == null && !budgetConfigs.containsKey(element)) {
      AnnotationMirror mirror = Mirrors.find(element, Names.RETRY_BUDGET);
      config = mirror == null ? null : BudgetConfig.read(elements, element, mirror);
      budgetConfigs.put(element, config);
    }
    return config;
  }
}
