package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.Jobs;
import io.retrygen.spring.fixtures.JobsRetrying;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * Spring finds {@code @Scheduled} and {@code @EventListener} on the generated class (the overrides
 * carry them), and calls the guarded methods through their retry loops.
 */
class SpringCallbacksTest {
  @Configuration(proxyBeanMethods = false)
  @EnableScheduling
  static class Scheduling {}

  @Test
  void aScheduledGuardedMethodRunsAndIsRetried() throws InterruptedException {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Scheduling.class, Jobs.class)) {
      Jobs jobs = context.getBean(Jobs.class);
      assertSame(JobsRetrying.class, jobs.getClass());

      // The scheduler's first run starts at once; its first attempt fails, the second succeeds.
      assertTrue(jobs.scheduledSucceeded.await(10, TimeUnit.SECONDS), "the job ran");
      assertEquals(2, jobs.scheduledAttempts.get());
    }
  }

  @Test
  void anEventListenerGuardedMethodIsRetried() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Jobs.class)) {
      context.publishEvent(new Jobs.OrderPlaced("A-1"));

      assertEquals(2, context.getBean(Jobs.class).eventAttempts.get());
    }
  }
}
