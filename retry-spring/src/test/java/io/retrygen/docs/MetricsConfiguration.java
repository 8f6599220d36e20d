package io.retrygen.docs;

import io.micrometer.core.instrument.MeterRegistry;
import io.retrygen.micrometer.CircuitBreakerMetrics;
import io.retrygen.micrometer.RetryMetrics;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryOptions;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Meters without retry-spring: a RetryOptions bean for the generated constructors. */
@Configuration(proxyBeanMethods = false)
class MetricsConfiguration {
  @Bean RetryOptions retryOptions(MeterRegistry registry) {
    CircuitBreakers.addListener(new CircuitBreakerMetrics(registry));
    return RetryOptions.builder().listener(new RetryMetrics(registry)).build();
  }
}
