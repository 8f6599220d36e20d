package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Guarded;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Circuit breaker listeners and Micrometer meters come from the context: registered at the first
 * guarded bean, removed when the context closes.
 */
class ContextOptionsTest {
  static final class Transitions implements CircuitBreakerListener {
    final List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    public void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
      seen.add(name + " " + from + " -> " + to);
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Beans {
    @Bean
    Transitions transitions() {
      return new Transitions();
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    Flaky flaky() {
      return new Flaky().failFirst(Integer.MAX_VALUE);
    }
  }

  @AfterEach
  void resetBreakers() {
    CircuitBreakers.resetAll();
  }

  @Test
  void breakerListenerBeansHearTheBreakersWhileTheContextIsOpen() {
    Transitions transitions;
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Beans.class, Guarded.class)) {
      transitions = context.getBean(Transitions.class);
      Guarded guarded = context.getBean(Guarded.class);
      assertThrows(IllegalStateException.class, guarded::broken);
      assertThrows(IllegalStateException.class, guarded::broken);

      assertEquals(List.of("springTestBreaker CLOSED -> OPEN"), transitions.seen);
    }
    assertFalse(CircuitBreakers.removeListener(transitions), "removed when the context closed");
  }

  @Test
  void metricsAreRecordedInTheContextsMeterRegistry() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Beans.class, Guarded.class)) {
      context.getBean(Flaky.class).failFirst(1);
      assertEquals(2, context.getBean(Guarded.class).retried());

      MeterRegistry registry = context.getBean(MeterRegistry.class);
      assertEquals(1.0, registry.get("retrygen.calls")
          .tag("label", "Guarded.retried").tag("outcome", "success").tag("retried", "true")
          .counter().count());
      assertEquals(1.0, registry.get("retrygen.retries")
          .tag("label", "Guarded.retried").counter().count());
      assertTrue(registry.find("retrygen.circuitbreaker.transitions").counters().isEmpty());
    }
  }
}
