package io.retrygen.benchmarks.coldstart;

import io.retrygen.benchmarks.Service;

/** Fails its first call with a fresh exception, succeeds afterwards. */
public final class FlakyService implements Service {
  private int calls;

  @Override
  public String call(String input) {
    if (++calls == 1) {
      throw new IllegalStateException("planned failure");
    }
    return input;
  }

  /** Checks that the call was retried once and succeeded, prints one line, else exits with 1. */
  public void verify(String result) {
    if (!"request".equals(result) || calls != 2) {
      System.err.println("unexpected: result " + result + " after " + calls + " calls");
      System.exit(1);
    }
    // A constant: a string concatenation here would bootstrap invokedynamic (StringConcatFactory),
    // some 10 ms of cold start that belongs to no library.
    System.out.println("ok after 2 attempts");
  }
}
