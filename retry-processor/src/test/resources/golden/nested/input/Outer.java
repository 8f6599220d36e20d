package test;

import io.retrygen.Retryable;

public class Outer {
  static class Mid {
    interface Client {
      @Retryable(maxAttempts = 2)
      String fetch(String key);

      void close();
    }
  }
}
