package io.retrygen.benchmarks;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The asynchronous family (issue 9): one {@link AsyncBackend} per benchmark thread, and one
 * single-thread {@link ScheduledExecutorService} per trial that every row which takes a scheduler
 * is given, so that all of them run a retry the same way. Each concrete benchmark builds its
 * wrapper once in {@link #setUpWrapper()}; its {@code @Benchmark} method {@link #call()} calls it
 * once, waits for the returned future with {@code join()} and returns the value, which JMH
 * consumes. An operation is therefore the whole call, every attempt and hand-off included.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class AsyncBenchmark {
  /** The maximum attempts every row is configured with. */
  protected static final int MAX_ATTEMPTS = 3;

  protected AsyncBackend backend;
  protected String input;
  /** The peers' scheduler, and retrygen's when a row sets {@code RetryOptions.scheduler}. */
  protected ScheduledExecutorService scheduler;

  @Setup(Level.Trial)
  public final void setUp() throws Exception {
    input = "request";
    backend = new AsyncBackend(failOnce(), input);
    scheduler = Executors.newSingleThreadScheduledExecutor();
    setUpWrapper();
    int before = backend.calls();
    String result = call();
    int expectedCalls = failOnce() ? 2 : 0;
    if (!input.equals(result) || backend.calls() - before != expectedCalls) {
      throw new IllegalStateException(getClass().getSimpleName() + " did not call as expected: "
          + result + ", " + (backend.calls() - before) + " counted calls");
    }
  }

  /** Checks that every fail-once operation saw one failure and one success; stops the scheduler. */
  @TearDown(Level.Trial)
  public final void tearDown() throws Exception {
    try {
      if (failOnce() && (backend.calls() == 0 || backend.calls() % 2 != 0)) {
        throw new IllegalStateException("fail-once did not alternate: " + backend.calls());
      }
    } finally {
      scheduler.shutdown();
      if (!scheduler.awaitTermination(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException("the scheduler did not terminate");
      }
    }
  }

  /** Whether every call fails once before it succeeds. */
  protected boolean failOnce() {
    return false;
  }

  /** Builds the wrapper around {@link #backend}, once per trial, as a user would. */
  protected void setUpWrapper() throws Exception {}

  /** One call through the wrapper, joined: the {@code @Benchmark} method of each subclass. */
  public abstract String call() throws Exception;
}
