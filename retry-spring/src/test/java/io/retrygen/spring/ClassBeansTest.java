package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.spring.Contexts.RecordingSleeper;
import io.retrygen.spring.fixtures.AccountRepository;
import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Prototype;
import io.retrygen.spring.fixtures.PrototypeRetrying;
import io.retrygen.spring.fixtures.Quotes;
import io.retrygen.spring.fixtures.QuotesRetrying;
import io.retrygen.test.RecordingListener;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;

/**
 * A scanned class bean is created as its generated subclass, through the constructor Spring would
 * have chosen, with its definition otherwise unchanged; and it retries with the context's options.
 */
class ClassBeansTest {
  @Configuration(proxyBeanMethods = false)
  // Finds Quotes and Prototype (not QuotesRetrying, which has no @Service of its own).
  @ComponentScan(
      basePackageClasses = Quotes.class,
      excludeFilters =
          @ComponentScan.Filter(type = FilterType.ASSIGNABLE_TYPE, classes = AccountRepository.class))
  static class ScanQuotes {
    @Bean
    Flaky quoteFeed() {
      return new Flaky().failFirst(2);
    }

    @Bean
    Flaky otherFeed() {
      return new Flaky();
    }
  }

  @Test
  void aScannedBeanIsTheGeneratedSubclassAndRetries() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Map.of("quotes.currency", "CHF"), Contexts.VirtualTime.class, ScanQuotes.class)) {
      Quotes quotes = context.getBean(Quotes.class);

      assertSame(QuotesRetrying.class, quotes.getClass());
      assertEquals(List.of("quotes"), List.of(context.getBeanNamesForType(Quotes.class)));
      assertTrue(quotes.initialized(), "@PostConstruct ran");
      assertSame(context.getBean("quoteFeed"), quotes.feed(), "@Qualifier on the constructor");
      assertEquals("3 CHF", quotes.quote(), "@Value on the constructor; third attempt succeeds");
      assertEquals(List.of(10L, 10L), context.getBean(RecordingSleeper.class).sleeps);
      assertEquals(
          "Quotes.quote: retry 1 (10 ms), retry 2 (10 ms), success 3",
          context.getBean(RecordingListener.class).toString());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Feeds {
    @Bean
    Flaky quoteFeed() {
      return new Flaky().failFirst(1);
    }
  }

  @Test
  void scopeAndPrimaryStayAsDeclared() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Feeds.class, Quotes.class)) {
      BeanDefinition definition = context.getBeanDefinition("quotes");
      assertEquals(BeanDefinition.SCOPE_SINGLETON, definition.getScope());
      assertSame(context.getBean("quotes"), context.getBean("quotes"));
      assertEquals(QuotesRetrying.class.getName(), definition.getBeanClassName());
    }
  }

  @Test
  void aPrototypeBeanIsANewGeneratedInstanceEachTime() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Feeds.class, Prototype.class)) {
      Object first = context.getBean("prototype");
      Object second = context.getBean("prototype");
      assertNotSame(first, second);
      assertSame(PrototypeRetrying.class, first.getClass());
      assertTrue(context.getBeanDefinition("prototype").isPrototype());
      assertTrue(context.getBeanDefinition("prototype").isPrimary());
    }
  }

  @Test
  void withoutEnableRetrygenNothingIsSwapped() {
    try (AnnotationConfigApplicationContext context = Contexts.start(Feeds.class, Quotes.class)) {
      assertSame(Quotes.class, context.getBean(Quotes.class).getClass());
      assertThrows(IllegalStateException.class, () -> context.getBean(Quotes.class).quote());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class FromBeanMethod {
    @Bean
    Quotes quotes(@Qualifier(RetrygenConfiguration.OPTIONS_BEAN) RetryOptions options) {
      return new QuotesRetrying(options, new Flaky().failFirst(1), "GBP");
    }

    @Bean
    String injectedByType(RetryOptions options, Contexts.RecordingSleeper sleeper) {
      return options.sleeper() == sleeper ? "the application's own" : "another";
    }
  }

  @Test
  void aBeanMethodGetsTheContextsOptionsByNameAndInjectionByTypeStillFindsTheApplicationsOwn() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, FromBeanMethod.class)) {
      assertEquals("2 GBP", context.getBean(Quotes.class).quote());
      assertEquals(
          "Quotes.quote: retry 1 (10 ms), success 2",
          context.getBean(RecordingListener.class).toString());
      assertEquals("the application's own", context.getBean("injectedByType"));
    }
  }
}
