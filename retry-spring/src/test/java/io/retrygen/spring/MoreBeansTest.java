package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.CachedCatalog;
import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Wiring;
import io.retrygen.spring.fixtures.WiringRetrying;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.concurrent.ConcurrentMapCacheManager;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Cache lookups per attempt, constructor choice, laziness, and the unused-property warning. */
class MoreBeansTest {
  @Configuration(proxyBeanMethods = false)
  @EnableCaching
  static class Caching {
    @Bean
    CacheManager cacheManager() {
      return new ConcurrentMapCacheManager("products");
    }

    @Bean
    Flaky backend() {
      return new Flaky().failFirst(1);
    }

    @Bean
    CachedCatalog catalog(Flaky backend) {
      return new CachedCatalog(backend);
    }
  }

  @Test
  void eachAttemptHasItsOwnCacheLookupAndOnlyASuccessIsCached() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Caching.class)) {
      Object catalog = context.getBean("catalog");
      assertTrue(CachedCatalog.isWrapped(catalog));

      assertEquals("A #2", CachedCatalog.describe(catalog, "A")); // attempt 1 failed, 2 cached
      assertEquals("A #2", CachedCatalog.describe(catalog, "A")); // a cache hit: no call
      assertEquals(2, context.getBean(Flaky.class).calls());
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class WiringDependencies {
    @Bean
    Flaky flaky() {
      return new Flaky();
    }
  }

  @Test
  void theAutowiredConstructorIsTheOneCalledAndLazinessStays() {
    Wiring.created = 0;
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, WiringDependencies.class, Wiring.class)) {
      assertEquals(0, Wiring.created, "@Lazy: not created at start-up");
      Wiring wiring = context.getBean(Wiring.class);
      assertSame(WiringRetrying.class, wiring.getClass());
      assertEquals("autowired 0", wiring.via());
    }
  }

  @Test
  void propertiesNoBeanUsedAreLoggedAsAWarning() {
    List<String> warnings = new ArrayList<>();
    Handler handler = new Handler() {
      @Override
      public void publish(LogRecord record) {
        warnings.add(record.getMessage());
      }

      @Override
      public void flush() {}

      @Override
      public void close() {}
    };
    Logger logger = Logger.getLogger(ContextSettings.class.getName());
    logger.addHandler(handler);
    try (AnnotationConfigApplicationContext context =
        Contexts.start(
            java.util.Map.of(
                "retrygen.retry.Guarded.retried.maxAttempts", "3",
                "retrygen.retry.Guarded.retired.maxAttempts", "3"),
            Contexts.VirtualTime.class, PropertiesTest.AlwaysFailing.class,
            io.retrygen.spring.fixtures.Guarded.class)) {
      assertEquals(1, warnings.size(), warnings.toString());
      assertTrue(warnings.get(0).contains(": retrygen.retry.Guarded.retired.maxAttempts."),
          warnings.get(0));
      assertThrows(IllegalStateException.class,
          context.getBean(io.retrygen.spring.fixtures.Guarded.class)::retried);
    } finally {
      logger.removeHandler(handler);
    }
  }
}
