package io.retrygen.benchmarks;

/** {@link SpringStartup}'s plain bean: the same method as the guarded ones, no retry. */
public class StartupBean {
  public String call(String input) {
    return input;
  }
}
