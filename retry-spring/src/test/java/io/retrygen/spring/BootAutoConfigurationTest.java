package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Guarded;
import io.retrygen.spring.fixtures.GuardedRetrying;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * Spring Boot applies the auto-configuration from the jar alone: no {@code @EnableRetrygen}, and
 * the application's properties are the overrides.
 */
class BootAutoConfigurationTest {
  @Configuration(proxyBeanMethods = false)
  @EnableAutoConfiguration
  @Import(Guarded.class)
  static class Application {
    @Bean
    Flaky flaky() {
      return new Flaky().failFirst(Integer.MAX_VALUE);
    }

    @Bean
    RetryOptions retryOptions() {
      return RetryOptions.builder().sleeper(millis -> {}).build();
    }
  }

  private static ConfigurableApplicationContext run(String... properties) {
    return new SpringApplicationBuilder(Application.class)
        .web(WebApplicationType.NONE)
        .properties(properties)
        .logStartupInfo(false)
        .run();
  }

  @Test
  void withoutEnableRetrygenBeansAreTheGeneratedClasses() {
    try (ConfigurableApplicationContext context = run()) {
      Guarded guarded = context.getBean(Guarded.class);
      assertSame(GuardedRetrying.class, guarded.getClass());
      assertThrows(IllegalStateException.class, guarded::retried);
      assertEquals(2, context.getBean(Flaky.class).calls());
    }
  }

  @Test
  void applicationPropertiesAreTheOverrides() {
    try (ConfigurableApplicationContext context =
        run("retrygen.retry.Guarded.retried.max-attempts=6")) {
      assertThrows(IllegalStateException.class, context.getBean(Guarded.class)::retried);
      assertEquals(6, context.getBean(Flaky.class).calls());
    }
  }

  @Test
  void theKillSwitch() {
    try (ConfigurableApplicationContext context = run("retrygen.enabled=false")) {
      assertThrows(IllegalStateException.class, context.getBean(Guarded.class)::retried);
      assertEquals(1, context.getBean(Flaky.class).calls());
    }
  }
}
