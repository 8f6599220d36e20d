package io.retrygen.benchmarks.coldstart;

/**
 * The same program as the library rows, retried by a hand-written loop: what one failing call and
 * its retry cost a cold JVM without any retry library (the first exception thrown in a JVM loads
 * and initializes the stack-trace machinery, which no library should be charged for).
 */
public final class HandWrittenMain {
  private HandWrittenMain() {}

  public static void main(String[] args) {
    FlakyService backend = new FlakyService();
    String result = null;
    for (int attempt = 1; ; attempt++) {
      try {
        result = backend.call("request");
        break;
      } catch (RuntimeException e) {
        if (attempt >= 3) {
          throw e;
        }
      }
    }
    backend.verify(result);
  }
}
