package io.retrygen.benchmarks;

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
 * The Reactor family (issue 22): one {@link MonoBackend} and one {@link MonoSink} per benchmark
 * thread. Each operation assembles the row's {@code Mono} for one call, as a user's code does per
 * request ({@code service.call(input)}, or {@code Mono.defer(() -> backend.call(input))} with the
 * peer's operator), subscribes the sink and returns the value, which JMH consumes. Every wait is 0
 * ms, which each row takes without a scheduler, so the whole call runs on the benchmark thread;
 * setup checks that one operation returns the value after the expected backend calls.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class MonoBenchmark {
  static final int MAX_ATTEMPTS = 3;

  protected MonoBackend backend;
  protected MonoSink sink;
  protected String input;

  @Setup(Level.Trial)
  public final void setUp() {
    input = "request";
    backend = new MonoBackend(input, failOnce());
    sink = new MonoSink();
    setUpWrapper();
    int before = backend.calls();
    String result = call();
    int expectedCalls = failOnce() ? 2 : 0;
    if (!input.equals(result) || backend.calls() - before != expectedCalls) {
      throw new IllegalStateException(getClass().getSimpleName() + " did not call as expected: "
          + result + ", " + (backend.calls() - before) + " counted calls");
    }
  }

  /** Checks that every fail-once operation failed once, then won. */
  @TearDown(Level.Trial)
  public final void tearDown() {
    if (failOnce() && (backend.calls() == 0 || backend.calls() % 2 != 0)) {
      throw new IllegalStateException("fail-once did not alternate: " + backend.calls());
    }
  }

  /** Whether every call fails once before it succeeds. */
  protected boolean failOnce() {
    return false;
  }

  /** Builds what the row builds once, as a user would (the peer's retry spec or operator). */
  protected void setUpWrapper() {}

  /** One call: the {@code @Benchmark} method, which each subclass declares. */
  public abstract String call();
}
