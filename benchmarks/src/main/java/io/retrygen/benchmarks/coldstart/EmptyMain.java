package io.retrygen.benchmarks.coldstart;

/** The baseline of the cold-start rows: a JVM that starts, prints one line and exits. */
public final class EmptyMain {
  private EmptyMain() {}

  public static void main(String[] args) {
    System.out.println("ok");
  }
}
