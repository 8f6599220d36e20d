package io.retrygen.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;

/** retrygen's generated delegate with a {@code @RetryBudget}: {@code RetrygenInterface} + budget. */
public class RetrygenBudget extends PathBenchmark {
  private BudgetedService service;

  @Override
  protected void setUpWrapper() {
    service = new BudgetedServiceRetrying(backend);
  }

  @Override
  @Benchmark
  public String call() {
    return service.call(input);
  }
}
