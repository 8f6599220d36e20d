package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.EnableRetry;
import org.springframework.retry.annotation.Retryable;

/**
 * Spring Retry's {@code @Retryable} through the proxy {@code @EnableRetry} creates (CGLIB, as the
 * bean has no interface). {@code @Backoff(0)} is the smallest wait Spring allows: it clamps 0 to a
 * 1 ms sleep. ({@code @Backoff(delay = 0)} would mean "use value()", the default 1000 ms.)
 */
public class SpringRetryAnnotation extends PathBenchmark {
  private AnnotationConfigApplicationContext context;
  private AnnotatedService service;

  /** The bean Spring proxies; it forwards to the benchmark's backend. */
  public static class AnnotatedService {
    private final Service backend;

    public AnnotatedService(Service backend) {
      this.backend = backend;
    }

    @Retryable(maxAttempts = MAX_ATTEMPTS, backoff = @Backoff(0))
    public String call(String input) {
      return backend.call(input);
    }
  }

  /** The application's configuration. */
  @Configuration
  @EnableRetry
  public static class Config {
    @Bean
    public AnnotatedService annotatedService(Service backend) {
      return new AnnotatedService(backend);
    }
  }

  @Override
  protected void setUpWrapper() {
    context = new AnnotationConfigApplicationContext();
    context.registerBean(Service.class, () -> backend);
    context.register(Config.class);
    context.refresh();
    service = context.getBean(AnnotatedService.class);
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
