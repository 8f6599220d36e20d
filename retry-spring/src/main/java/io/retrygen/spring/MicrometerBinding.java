package io.retrygen.spring;

import io.micrometer.core.instrument.MeterRegistry;
import io.retrygen.micrometer.CircuitBreakerMetrics;
import io.retrygen.micrometer.RetryMetrics;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.RetryOptions;
import java.util.List;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;

/**
 * The meters of retry-micrometer, when the context has a {@code MeterRegistry} bean. A class of
 * its own: it names Micrometer's types, which only load when both jars are present.
 */
final class MicrometerBinding {
  private MicrometerBinding() {}

  static void bind(
      ConfigurableListableBeanFactory beanFactory,
      RetryOptions.Builder options,
      List<CircuitBreakerListener> breakerListeners) {
    MeterRegistry registry = beanFactory.getBeanProvider(MeterRegistry.class).getIfAvailable();
    if (registry != null) {
      options.listener(new RetryMetrics(registry));
      breakerListeners.add(new CircuitBreakerMetrics(registry));
    }
  }
}
