package io.retrygen.benchmarks;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The Kotlin family (issue 21): one {@link SuspendBackend} per benchmark thread, inlinable or
 * not, and one {@link Completion} per trial. Each concrete benchmark builds its {@link
 * SuspendService} once in {@link #setUpWrapper()}; its {@code @Benchmark} method {@link #call()}
 * calls {@code service.call(input, completion)} once, as compiled Kotlin calls a suspend function
 * from a coroutine, and returns what it returns, which JMH consumes.
 *
 * <p>No row suspends: the backend returns at once and every wait is 0 ms, which {@code delay}
 * returns from without suspending. So a call returns its value directly, on the benchmark thread,
 * with no dispatcher, event loop or {@code runBlocking} in the measurement, the same harness for
 * every row. Setup checks that one call returns the input (not {@code COROUTINE_SUSPENDED}) after
 * the expected backend calls; teardown that the completion was never resumed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class SuspendBenchmark {
  @Param({"inline", "dontInline"})
  public String variant;

  protected SuspendBackend backend;
  protected String input;
  /** The caller's continuation every call is given: an active {@code Job}, no dispatcher. */
  protected Completion completion;

  @Setup(Level.Trial)
  public final void setUp() throws Exception {
    input = "request";
    backend = SuspendBackend.create(variant, failOnce());
    completion = new Completion();
    setUpWrapper();
    int before = backend.calls();
    Object result = call();
    int expectedCalls = failOnce() ? 2 : 0;
    if (!input.equals(result) || backend.calls() - before != expectedCalls) {
      throw new IllegalStateException(getClass().getSimpleName() + " did not call as expected: "
          + result + ", " + (backend.calls() - before) + " counted calls");
    }
  }

  /** Checks that no call suspended and that every fail-once operation failed once, then won. */
  @TearDown(Level.Trial)
  public final void tearDown() {
    if (completion.getResumptions() != 0) {
      throw new IllegalStateException("a call suspended: " + completion.getResumptions());
    }
    if (failOnce() && (backend.calls() == 0 || backend.calls() % 2 != 0)) {
      throw new IllegalStateException("fail-once did not alternate: " + backend.calls());
    }
  }

  /** Whether every call fails once before it succeeds. */
  protected boolean failOnce() {
    return false;
  }

  /** Builds the wrapper around {@link #backend}, once per trial, as a user would. */
  protected void setUpWrapper() throws Exception {}

  /**
   * One call through the wrapper: the {@code @Benchmark} method, which each subclass declares. It
   * returns the value, or {@code COROUTINE_SUSPENDED} had the call suspended.
   */
  public abstract Object call() throws Exception;
}
