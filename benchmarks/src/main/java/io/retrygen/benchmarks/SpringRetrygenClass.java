package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

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

  @Override
  protected void setUpWrapper() {
    context =
        RetrygenContext.start(
            "serviceClass", ServiceClass.class, backend, ServiceClassRetrying.class);
    service = context.getBean("serviceClass", ServiceClass.class);
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
