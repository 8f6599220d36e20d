package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Guarded;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.StandardEnvironment;

/** The {@code retrygen.*} properties of the environment are the policies' overrides. */
class PropertiesTest {
  @Configuration(proxyBeanMethods = false)
  static class AlwaysFailing {
    @Bean
    Flaky flaky() {
      return new Flaky().failFirst(Integer.MAX_VALUE);
    }
  }

  private static int attemptsWith(Map<String, Object> properties) {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(properties, Contexts.VirtualTime.class, AlwaysFailing.class, Guarded.class)) {
      assertThrows(IllegalStateException.class, context.getBean(Guarded.class)::retried);
      return context.getBean(Flaky.class).calls();
    }
  }

  @Test
  void withoutPropertiesTheAnnotationsHold() {
    assertEquals(2, attemptsWith(Map.of()));
  }

  @Test
  void aPropertyInCamelCaseChangesThePolicy() {
    assertEquals(5, attemptsWith(Map.of("retrygen.retry.Guarded.retried.maxAttempts", "5")));
  }

  @Test
  void aPropertyInKebabCaseChangesThePolicy() {
    assertEquals(4, attemptsWith(Map.of("retrygen.retry.Guarded.retried.max-attempts", 4)));
  }

  @Test
  void theKillSwitchLeavesOneAttempt() {
    assertEquals(1, attemptsWith(Map.of(
        "retrygen.enabled", "false", "retrygen.retry.Guarded.retried.max-attempts", "5")));
  }

  @Test
  void placeholdersAreResolved() {
    assertEquals(3, attemptsWith(Map.of(
        "attempts", "3", "retrygen.retry.Guarded.retried.maxAttempts", "${attempts}")));
  }

  @Test
  void theEnvironmentVariableSpellingOfTheKillSwitchCounts() {
    Map<String, Object> variables = Map.of("RETRYGEN_ENABLED", "false");
    try (AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext()) {
      // As the system environment is read: a SystemEnvironmentPropertySource, relaxed names.
      context.getEnvironment().getPropertySources().addFirst(
          new org.springframework.core.env.SystemEnvironmentPropertySource(
              StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME + "-test", variables));
      context.register(Contexts.VirtualTime.class, AlwaysFailing.class, Guarded.class);
      context.refresh();
      assertThrows(IllegalStateException.class, context.getBean(Guarded.class)::retried);
      assertEquals(1, context.getBean(Flaky.class).calls());
    }
  }

  @Test
  void aBadValueFailsStartUpNamingKeyValueAndRule() {
    BeanCreationException e =
        assertThrows(
            BeanCreationException.class,
            () -> attemptsWith(Map.of("retrygen.retry.Guarded.retried.maxAttempts", "0")));
    String message = TransactionsTest.rootMessage(e);
    assertTrue(message.contains("retrygen.retry.Guarded.retried.maxAttempts=0"), message);
  }

  @Test
  void theOverridesAreThoseOfTheOptionsTheBeansGet() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(
            Map.of("retrygen.retry.Guarded.retried.delay", "7", "other.key", "x"),
            Contexts.VirtualTime.class, AlwaysFailing.class, Guarded.class)) {
      RetryOptions options =
          context.getBean(RetrygenConfiguration.OPTIONS_BEAN, RetryOptions.class);
      assertTrue(options.overrides().describe("Guarded.retried").contains("delay=7 (override)"),
          options.overrides().describe("Guarded.retried"));
      assertThrows(IllegalStateException.class, context.getBean(Guarded.class)::retried);
      assertEquals(java.util.List.of(7L), context.getBean(Contexts.RecordingSleeper.class).sleeps);
    }
  }

  @Test
  void overrideVariablesOtherThanTheKillSwitchAreNamedAsUnread() {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().replace(
        StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
        new org.springframework.core.env.SystemEnvironmentPropertySource(
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
            Map.of("RETRYGEN_ENABLED", "true", "RETRYGEN_RETRY_GUARDED_RETRIED_MAXATTEMPTS", "5",
                "PATH", "/bin")));
    assertEquals(java.util.List.of("RETRYGEN_RETRY_GUARDED_RETRIED_MAXATTEMPTS"),
        ContextSettings.unreadVariables(environment));
  }

  @Test
  void aMalformedValueFailsStartUpEvenWhenEveryGuardedBeanIsLazy() {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.getEnvironment().getPropertySources().addFirst(new org.springframework.core.env
        .MapPropertySource("test", Map.of("retrygen.retry.Guarded.retried.maxAttempts", "two")));
    context.register(Contexts.VirtualTime.class, AlwaysFailing.class);
    context.registerBean("guarded", Guarded.class, definition -> definition.setLazyInit(true));
    RuntimeException e = assertThrows(RuntimeException.class, context::refresh);
    String message = TransactionsTest.rootMessage(e);
    assertTrue(message.contains("retrygen.retry.Guarded.retried.maxAttempts"), message);
    assertTrue(message.contains("two"), message);
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoBases {
    @Bean
    RetryOptions first() {
      return RetryOptions.defaults();
    }

    @Bean
    RetryOptions second() {
      return RetryOptions.defaults();
    }
  }

  @Test
  void twoRetryOptionsBeansWithoutAPrimaryOneAreAnError() {
    RuntimeException e = assertThrows(RuntimeException.class,
        () -> Contexts.start(TwoBases.class, EnableOnly.class, AlwaysFailing.class, Guarded.class));
    assertTrue(TransactionsTest.rootMessage(e).contains("expected single matching bean but found 2"),
        TransactionsTest.rootMessage(e));
  }

  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  static class EnableOnly {}
}
