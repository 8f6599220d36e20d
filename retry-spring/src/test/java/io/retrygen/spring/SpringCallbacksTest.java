package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.Jobs;
import io.retrygen.spring.fixtures.JobsRetrying;
import io.retrygen.spring.fixtures.Mailer;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableAsync;
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

  @Configuration(proxyBeanMethods = false)
  @EnableAsync
  static class Asynchronous {}

  @Test
  void anAsyncGuardedMethodRunsEveryAttemptOnTheExecutor() throws InterruptedException {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Asynchronous.class, Mailer.class)) {
      Mailer mailer = context.getBean(Mailer.class);

      mailer.send("a@example.com"); // returns at once

      assertTrue(mailer.sent().await(10, TimeUnit.SECONDS), "sent");
      String caller = Thread.currentThread().getName();
      assertEquals(2, mailer.attemptThreads().size());
      assertEquals(List.of(), mailer.attemptThreads().stream().filter(caller::equals).toList());
      // One async task ran both attempts: the retry is inside the async proxy.
      assertEquals(1, mailer.attemptThreads().stream().distinct().count());
    }
  }
}
