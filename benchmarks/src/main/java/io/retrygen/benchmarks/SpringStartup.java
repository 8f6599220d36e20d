package io.retrygen.benchmarks;

import io.retrygen.spring.EnableRetrygen;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.factory.support.GenericBeanDefinition;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.retry.annotation.EnableRetry;

/**
 * What it costs to start (refresh) and close an {@code AnnotationConfigApplicationContext} with
 * {@link #beans} guarded beans: plain Spring ({@link StartupBean}, no retry), retrygen
 * ({@code @EnableRetrygen}, {@link RetrygenStartupBean} created as its generated subclass) and
 * Spring Retry ({@code @EnableRetry}, {@link SpringRetryStartupBean} behind a CGLIB proxy). Each
 * row registers one {@code @Configuration} class (empty but for its {@code @Enable*}) and the same
 * kind of definitions: a {@code GenericBeanDefinition} of the class, one per distinct name, no
 * instance supplier (the swap leaves beans made by a supplier alone, as Spring's scanning makes
 * none), all singletons created by the refresh.
 *
 * <p>Mode: average time over create + refresh + close, 1 s iterations. One operation takes from
 * under a millisecond (10 beans) to some milliseconds (200), so an iteration averages hundreds to
 * thousands of contexts, and the garbage of closed contexts is collected within the iterations
 * and spread over them, as in a JVM that starts many contexts (a test suite). Single-shot
 * iterations of one context each were noisier on this 2-core VM: a young collection lands in
 * some of them and not others. This mode measures a warm JVM, every class loaded and compiled:
 * the cost of the first context of a JVM, class loading and CGLIB's class generation included, is
 * what a cold single shot shows ({@code -bm ss -wi 0 -i 1} and many forks; see
 * benchmarks/README.md).
 *
 * <p>Every operation checks its last bean, before it closes the context: a retrygen bean must be
 * the generated {@code RetrygenStartupBeanRetrying} (a swap that did not happen fails the run), a
 * Spring Retry bean a proxy, a plain bean a plain {@code StartupBean}. The check is one lookup by
 * name per context, and it is done here rather than in a {@code @Setup} so that a cold single
 * shot measures the first context of the JVM, not a second one.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SpringStartup {
  @Param({"10", "200"})
  public int beans;

  private String[] names;

  /** Plain Spring's configuration: nothing enabled. */
  @Configuration(proxyBeanMethods = false)
  public static class PlainConfig {}

  /** retrygen's configuration. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetrygen
  public static class RetrygenConfig {}

  /** Spring Retry's configuration. */
  @Configuration(proxyBeanMethods = false)
  @EnableRetry
  public static class SpringRetryConfig {}

  @Setup(Level.Trial)
  public void setUp() {
    names = new String[beans];
    for (int i = 0; i < beans; i++) {
      names[i] = "bean" + i;
    }
  }

  @Benchmark
  public int plain() {
    AnnotationConfigApplicationContext context = start(PlainConfig.class, StartupBean.class);
    Object last = context.getBean(names[beans - 1]);
    if (last.getClass() != StartupBean.class) {
      throw new IllegalStateException("plain bean is a " + last.getClass().getName());
    }
    return close(context);
  }

  @Benchmark
  public int retrygen() {
    AnnotationConfigApplicationContext context =
        start(RetrygenConfig.class, RetrygenStartupBean.class);
    Object last = context.getBean(names[beans - 1]);
    if (last.getClass() != RetrygenStartupBeanRetrying.class) {
      throw new IllegalStateException("retrygen bean is a " + last.getClass().getName()
          + ", not the generated RetrygenStartupBeanRetrying: @EnableRetrygen did not swap it");
    }
    return close(context);
  }

  @Benchmark
  public int springRetry() {
    AnnotationConfigApplicationContext context =
        start(SpringRetryConfig.class, SpringRetryStartupBean.class);
    Object last = context.getBean(names[beans - 1]);
    if (!AopUtils.isCglibProxy(last) || !(last instanceof SpringRetryStartupBean)) {
      throw new IllegalStateException("Spring Retry bean is a " + last.getClass().getName()
          + ", not a proxy");
    }
    return close(context);
  }

  private AnnotationConfigApplicationContext start(Class<?> config, Class<?> beanClass) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(config);
    for (String name : names) {
      GenericBeanDefinition definition = new GenericBeanDefinition();
      definition.setBeanClass(beanClass);
      context.registerBeanDefinition(name, definition);
    }
    context.refresh();
    return context;
  }

  private static int close(AnnotationConfigApplicationContext context) {
    int count = context.getBeanDefinitionCount();
    context.close();
    return count;
  }
}
