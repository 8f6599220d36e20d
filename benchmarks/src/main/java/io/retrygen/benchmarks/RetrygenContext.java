package io.retrygen.benchmarks;

import io.retrygen.spring.EnableRetrygen;
import org.springframework.beans.factory.support.GenericBeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * A Spring context with {@code @EnableRetrygen} and one bean, for the rows that measure a bean
 * that retry-spring created or wrapped.
 */
final class RetrygenContext {
  private RetrygenContext() {}

  /** The application's configuration. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  public static class Config {}

  /**
   * A refreshed context with the bean {@code name} of class {@code beanClass}, created with
   * {@code argument} as its constructor's argument; fails unless the bean is of the class {@code
   * generated} (which says that retry-spring swapped or wrapped it).
   */
  static AnnotationConfigApplicationContext start(
      String name, Class<?> beanClass, Object argument, Class<?> generated) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Config.class);
    GenericBeanDefinition definition = new GenericBeanDefinition();
    definition.setBeanClass(beanClass);
    definition.getConstructorArgumentValues().addIndexedArgumentValue(0, argument);
    context.registerBeanDefinition(name, definition);
    context.refresh();
    Class<?> created = context.getBean(name).getClass();
    if (created != generated) {
      context.close();
      throw new IllegalStateException("the bean " + name + " is a " + created.getName()
          + ", not the generated " + generated.getName() + ": @EnableRetrygen did not take it");
    }
    return context;
  }
}
