package io.retrygen.example.orders;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * The tests' base {@code RetryOptions} (retry-spring builds the context's options on it): a
 * sleeper that records each wait instead of sleeping, so no test waits for a backoff.
 */
@TestConfiguration(proxyBeanMethods = false)
class NoWaits {
  @Bean
  RecordingSleeper recordingSleeper() {
    return new RecordingSleeper();
  }

  @Bean
  RetryOptions retryOptions(RecordingSleeper sleeper) {
    return RetryOptions.builder().sleeper(sleeper).build();
  }

  /** Records the waits of every retry, in order. */
  static final class RecordingSleeper implements Sleeper {
    final List<Long> waits = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(long millis) {
      waits.add(millis);
    }
  }
}
