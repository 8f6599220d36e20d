package io.retrygen.benchmarks.coldstart;

import org.springframework.retry.RetryCallback;
import org.springframework.retry.RetryContext;
import org.springframework.retry.support.RetryTemplate;

/** One retried call through Spring Retry's RetryTemplate (no backoff). */
public final class SpringTemplateMain {
  private SpringTemplateMain() {}

  public static void main(String[] args) {
    final FlakyService backend = new FlakyService();
    RetryTemplate template = RetryTemplate.builder().maxAttempts(3).noBackoff().build();
    String result = template.execute(new RetryCallback<String, RuntimeException>() {
      @Override
      public String doWithRetry(RetryContext context) {
        return backend.call("request");
      }
    });
    backend.verify(result);
  }
}
