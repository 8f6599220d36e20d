package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

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

  @Override
  protected void setUpWrapper() {
    context =
        RetrygenContext.start("service", ForwardingService.class, backend, ServiceRetrying.class);
    service = context.getBean("service", Service.class);
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
