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
 * One backend per benchmark thread, inlinable or not. Each concrete benchmark builds its wrapper
 * once in {@link #setUpWrapper()}; its {@code @Benchmark} method {@link #call()} calls it once with
 * the same input and returns the result, which JMH consumes.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public abstract class VariantBenchmark {
  @Param({"inline", "dontInline"})
  public String variant;

  protected Backend backend;
  protected String input;

  @Setup(Level.Trial)
  public final void setUp() throws Exception {
    input = "request";
    backend = Backend.create(variant, failOnce());
    setUpWrapper();
    int before = backend.calls();
    String result = call();
    if (!expectedResult().equals(result) || backend.calls() - before != callsPerOperation()) {
      throw new IllegalStateException(getClass().getSimpleName() + " did not call as expected: "
          + result + ", " + (backend.calls() - before) + " counted calls");
    }
  }

  /** Checks the calls that reached the backend, then releases the wrapper. */
  @TearDown(Level.Trial)
  public final void tearDown() throws Exception {
    checkCalls();
    tearDownWrapper();
  }

  /** What one {@link #call()} returns: the input, echoed by the backend. */
  protected String expectedResult() {
    return input;
  }

  /** Counted backend calls per operation: two on the fail-once path (a failure, a success). */
  protected int callsPerOperation() {
    return failOnce() ? 2 : 0;
  }

  /** Checks that every operation of the fail-once path saw exactly one failure, one success. */
  protected void checkCalls() {
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

  /** Releases what {@link #setUpWrapper()} built. */
  protected void tearDownWrapper() throws Exception {}

  /** One call through the wrapper: the {@code @Benchmark} method, which each subclass declares. */
  public abstract String call() throws Exception;
}
