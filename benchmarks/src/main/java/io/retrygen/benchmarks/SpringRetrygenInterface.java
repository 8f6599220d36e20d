package io.retrygen.benchmarks;

import io.retrygen.spring.EnableRetrygen;
import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.beans.factory.support.GenericBeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;

/**
 * retrygen's generated delegate got from a Spring context: {@code @EnableRetrygen} wraps the bean
 * {@link ForwardingService}, an implementation of {@link Service}, in {@code ServiceRetrying} once
 * it is initialized, with the context's (default) {@code RetryOptions}. The same guarded method as
 * {@link RetrygenInterface}, plus the forwarding call every Spring row has (as in {@link
 * ServiceClass} and {@link SpringRetryAnnotation}): the bean cannot be the backend itself, which
 * implements four guarded interfaces (one delegate per bean).
 */
public class SpringRetrygenInterface extends PathBenchmark {
  private AnnotationConfigApplicationContext context;
  private Service service;

  /** The bean: an application's implementation of the guarded interface. */
  public static final class ForwardingService implements Service {
    private final Service backend;

    public ForwardingService(Service backend) {
      this.backend = backend;
    }

    @Override
    public String call(String input) {
      return backend.call(input);
    }
  }

  /** The application's configuration. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  public static class Config {}

  @Override
  protected void setUpWrapper() {
    context = new AnnotationConfigApplicationContext();
    context.register(Config.class);
    GenericBeanDefinition definition = new GenericBeanDefinition();
    definition.setBeanClass(ForwardingService.class);
    definition.getConstructorArgumentValues().addIndexedArgumentValue(0, backend);
    context.registerBeanDefinition("service", definition);
    context.refresh();
    service = context.getBean("service", Service.class);
    if (service.getClass() != ServiceRetrying.class) {
      throw new IllegalStateException("the Service bean is a " + service.getClass().getName()
          + ", not the generated ServiceRetrying: @EnableRetrygen did not wrap it");
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
