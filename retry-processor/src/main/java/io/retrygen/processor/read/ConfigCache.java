package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.TimeoutConfig;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Each annotation read once: the values of the {@code @Retryable}, {@code @CircuitBreaker},
 * {@code @RetryBudget} or {@code @Timeout} that applies to an element, written there or carried by
 * a meta-annotation placed there ({@link MetaAnnotations}), shared by every method it guards and by
 * the validator. Emptied at the start of each round, since elements of one round must not be used
 * in the next.
 */
public final class ConfigCache {
  private final Elements elements;
  private final Types types;
  private final Map<Element, RetryConfig> retryConfigs = new HashMap<>();
  private final Map<Element, BreakerConfig> breakerConfigs = new HashMap<>();
  private final Map<Element, BudgetConfig> budgetConfigs = new HashMap<>();
  private final Map<Element, TimeoutConfig> timeoutConfigs = new HashMap<>();

  public ConfigCache(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  public void clear() {
    retryConfigs.clear();
    breakerConfigs.clear();
    budgetConfigs.clear();
    timeoutConfigs.clear();
  }

  /** The {@code @Retryable} on {@code element} with its {@code @Backoff}, or null if none. */
  public RetryConfig retry(Element element) {
    return cached(
        retryConfigs, element, AnnotationNames.RETRYABLE,
        placed -> RetryConfig.read(elements, types, element, placed));
  }

  /** The {@code @CircuitBreaker} that applies to {@code element}, or null if none. */
  public BreakerConfig breaker(Element element) {
    return cached(
        breakerConfigs, element, AnnotationNames.CIRCUIT_BREAKER,
        placed -> BreakerConfig.read(elements, element, placed));
  }

  /** The {@code @RetryBudget} that applies to {@code element}, or null if none. */
  public BudgetConfig budget(Element element) {
    return cached(
        budgetConfigs, element, AnnotationNames.RETRY_BUDGET,
        placed -> BudgetConfig.read(elements, element, placed));
  }

  /** The {@code @Timeout} that applies to {@code element}, or null if none. */
  public TimeoutConfig timeout(Element element) {
    return cached(
        timeoutConfigs, element, AnnotationNames.TIMEOUT,
        placed -> TimeoutConfig.read(elements, element, placed));
  }

  /** The {@code annotation} on {@code element}, made by {@code read} once; null if none. */
  private static <C> C cached(
      Map<Element, C> cache,
      Element element,
      String annotation,
      Function<MetaAnnotations.Placed, C> read) {
    C config = cache.get(element);
    if (config == null && !cache.containsKey(element)) {
      MetaAnnotations.Placed placed = MetaAnnotations.find(element, annotation);
      config = placed == null ? null : read.apply(placed);
      cache.put(element, config);
    }
    return config;
  }
}
