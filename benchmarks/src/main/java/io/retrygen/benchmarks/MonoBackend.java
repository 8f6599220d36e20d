package io.retrygen.benchmarks;

import reactor.core.publisher.Mono;

/**
 * The dependency of the Reactor rows: returns one of two {@code Mono}s made once, so that every
 * row pays the same (nothing) for the dependency's own publisher. With {@code failOnce}, every odd
 * call returns the failing one ({@link BenchmarkFailure#INSTANCE}, no stack trace).
 */
public final class MonoBackend implements MonoService {
  private final Mono<String> success;
  private final Mono<String> failure = Mono.error(BenchmarkFailure.INSTANCE);
  private final boolean failOnce;
  private int calls;

  MonoBackend(String value, boolean failOnce) {
    this.success = Mono.just(value);
    this.failOnce = failOnce;
  }

  @Override
  public Mono<String> call(String input) {
    return failOnce && (calls++ & 1) == 0 ? failure : success;
  }

  /** The calls made, counted only with {@code failOnce} (the success path counts nothing). */
  int calls() {
    return calls;
  }
}
