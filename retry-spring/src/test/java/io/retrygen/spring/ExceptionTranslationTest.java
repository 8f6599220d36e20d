package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.AccountRepository;
import io.retrygen.spring.fixtures.AccountRepositoryRetrying;
import io.retrygen.spring.fixtures.Flaky;
import org.junit.jupiter.api.Test;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.annotation.PersistenceExceptionTranslationPostProcessor;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/**
 * A post-processor that adds advice to a proxy (here {@code @Repository} exception translation)
 * gets a proxy of the original class to add it to: the final generated class cannot be
 * subclassed, and the advice runs once per call, outside the retry.
 */
class ExceptionTranslationTest {
  @Configuration(proxyBeanMethods = false)
  static class Translation {
    @Bean
    static PersistenceExceptionTranslationPostProcessor translation() {
      return new PersistenceExceptionTranslationPostProcessor();
    }

    @Bean
    PersistenceExceptionTranslator translator() {
      return e -> new DataAccessResourceFailureException("translated", e);
    }

    @Bean
    Flaky store() {
      return new Flaky().failFirst(Integer.MAX_VALUE);
    }
  }

  @Test
  void theRepositoryIsProxiedAroundItsGeneratedInstanceAndRetriesBeforeTheTranslation() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Translation.class, AccountRepository.class)) {
      AccountRepository repository = context.getBean(AccountRepository.class);
      assertTrue(AopUtils.isCglibProxy(repository));
      assertEquals(AccountRepositoryRetrying.class,
          AopProxyUtils.getSingletonTarget(repository).getClass());

      DataAccessResourceFailureException e =
          assertThrows(DataAccessResourceFailureException.class, repository::balance);
      assertInstanceOf(IllegalStateException.class, e.getCause());
      assertEquals(3, context.getBean(Flaky.class).calls(), "retried, then translated once");
    }
  }
}
