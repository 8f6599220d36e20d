package io.retrygen.benchmarks;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;

/**
 * {@link AsyncRetrygenDefault} in a JVM whose common pool has two threads. {@code
 * CompletableFuture.runAsync} only uses the common pool when its parallelism is above one; on two
 * cores it is one (cores - 1), so the default row runs each retry on a new thread ({@code
 * CompletableFuture.ThreadPerTaskExecutor}). This row shows the common-pool hand-off a machine
 * with three or more cores gets. Setup checks that the default executor really is the pool.
 */
@Fork(jvmArgsAppend = "-Djava.util.concurrent.ForkJoinPool.common.parallelism=2")
public class AsyncRetrygenCommonPool extends AsyncPathBenchmark {
  private AsyncService service;

  @Override
  protected void setUpWrapper() {
    if (!(new CompletableFuture<Void>().defaultExecutor() instanceof ForkJoinPool)) {
      throw new IllegalStateException("CompletableFuture's default executor is not the common pool"
          + " (parallelism " + ForkJoinPool.getCommonPoolParallelism() + ")");
    }
    service = new AsyncServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input).join();
  }
}
