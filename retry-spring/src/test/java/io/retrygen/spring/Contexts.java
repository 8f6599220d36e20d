package io.retrygen.spring;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.test.RecordingListener;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.MapPropertySource;

/** Real application contexts for the tests, with virtual time: nothing sleeps. */
final class Contexts {
  private Contexts() {}

  /** A refreshed context of {@code components}, with {@code properties} in its environment. */
  static AnnotationConfigApplicationContext start(
      Map<String, Object> properties, Class<?>... components) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.getEnvironment().getPropertySources().addFirst(
        new MapPropertySource("test", properties));
    context.register(components);
    context.refresh();
    return context;
  }

  static AnnotationConfigApplicationContext start(Class<?>... components) {
    return start(Map.of(), components);
  }

  /**
   * Records each wait instead of sleeping. (Not retry-test's {@code VirtualTime}: a bean that is a
   * {@code ScheduledExecutorService} would become the context's scheduler for {@code @Scheduled}
   * methods, and SpringCallbacksTest's would never run.)
   */
  static final class RecordingSleeper implements Sleeper {
    final List<Long> sleeps = new CopyOnWriteArrayList<>();

    @Override
    public void sleep(long millis) {
      sleeps.add(millis);
    }
  }

  /** retrygen with a virtual sleeper as the base options, and a recording listener. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  static class VirtualTime {
    @Bean
    RecordingSleeper sleeper() {
      return new RecordingSleeper();
    }

    @Bean
    RetryOptions retryOptions(RecordingSleeper sleeper) {
      return RetryOptions.builder().sleeper(sleeper).build();
    }

    @Bean
    RecordingListener recordingListener() {
      return new RecordingListener();
    }
  }
}
