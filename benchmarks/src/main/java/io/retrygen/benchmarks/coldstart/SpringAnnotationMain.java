package io.retrygen.benchmarks.coldstart;

import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.retry.annotation.Backoff;
import org.springframework.retry.annotation.EnableRetry;
import org.springframework.retry.annotation.Retryable;

/**
 * One retried call through a Spring Retry {@code @Retryable} proxy in a minimal {@code @EnableRetry}
 * context; {@code @Backoff(0)} is Spring's smallest wait, a 1 ms sleep.
 */
public final class SpringAnnotationMain {
  private SpringAnnotationMain() {}

  /** The proxied bean. */
  public static class Client {
    private final FlakyService backend;

    public Client(FlakyService backend) {
      this.backend = backend;
    }

    @Retryable(maxAttempts = 3, backoff = @Backoff(0))
    public String call(String input) {
      return backend.call(input);
    }
  }

  /** The application's configuration. */
  @Configuration
  @EnableRetry
  public static class Config {
    @Bean
    public FlakyService backend() {
      return new FlakyService();
    }

    @Bean
    public Client client(FlakyService backend) {
      return new Client(backend);
    }
  }

  public static void main(String[] args) {
    try (AnnotationConfigApplicationContext context =
        new AnnotationConfigApplicationContext(Config.class)) {
      String result = context.getBean(Client.class).call("request");
      context.getBean(FlakyService.class).verify(result);
    }
  }
}
