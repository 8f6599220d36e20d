package io.retrygen.benchmarks;

import io.retrygen.spring.EnableRetrygen;
import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.beans.factory.support.GenericBeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * retrygen's generated subclass got from a Spring context: {@code @EnableRetrygen} rewrites the
 * definition of the {@link ServiceClass} bean so that it is created as {@code
 * ServiceClassRetrying}, with the context's {@code RetryOptions} (default ones here) as the
 * constructor's first argument. The same guarded method as {@link RetrygenClass}, which builds it
 * with {@code new}.
 *
 * <p>The backend is the bean's constructor argument, not a bean: it implements four guarded
 * interfaces, and {@code @EnableRetrygen} would try to wrap a bean of it in a delegate (and refuse,
 * one delegate per bean).
 */
public class SpringRetrygenClass extends PathBenchmark {
  private AnnotationConfigApplicationContext context;
  private ServiceClass service;

  /** The application's configuration. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  public static class Config {}

  @Override
  protected void setUpWrapper() {
    context = new AnnotationConfigApplicationContext();
    context.register(Config.class);
    GenericBeanDefinition definition = new GenericBeanDefinition();
    definition.setBeanClass(ServiceClass.class);
    definition.getConstructorArgumentValues().addIndexedArgumentValue(0, backend);
    context.registerBeanDefinition("serviceClass", definition);
    context.refresh();
    service = context.getBean("serviceClass", ServiceClass.class);
    if (service.getClass() != ServiceClassRetrying.class) {
      throw new IllegalStateException("the ServiceClass bean is a " + service.getClass().getName()
          + ", not the generated ServiceClassRetrying: @EnableRetrygen did not swap it");
    }
  }

  @Override
  protected void tearDownWrapper() {
    context.close();
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
