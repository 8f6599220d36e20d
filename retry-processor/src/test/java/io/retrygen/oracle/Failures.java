package io.retrygen.oracle;

import java.util.concurrent.CancellationException;
import kotlinx.coroutines.CopyableThrowable;

/**
 * The failures of the oracle's small hierarchy, public so that the policies it compiles can name
 * them: custom checked and unchecked exceptions with a subtype each, {@code Error} subtypes, and a
 * {@code Throwable} that is neither an {@code Exception} nor an {@code Error}. Their message is the
 * identity the trace prints ("F2.1": call 2, first invocation).
 */
public final class Failures {
  private Failures() {}

  /** A checked exception of the user's own. */
  public static class CheckedA extends Exception {
    private static final long serialVersionUID = 1L;

    public CheckedA(String message) {
      super(message);
    }
  }

  /** A subtype of {@link CheckedA}. */
  public static class CheckedB extends CheckedA {
    private static final long serialVersionUID = 1L;

    public CheckedB(String message) {
      super(message);
    }
  }

  /** An unchecked exception of the user's own. */
  public static class UncheckedA extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UncheckedA(String message) {
      super(message);
    }
  }

  /** A subtype of {@link UncheckedA}. */
  public static class UncheckedB extends UncheckedA {
    private static final long serialVersionUID = 1L;

    public UncheckedB(String message) {
      super(message);
    }
  }

  /** An {@code Error} of the user's own: retried only when {@code retryFor} reaches it. */
  public static class ErrorA extends Error {
    private static final long serialVersionUID = 1L;

    public ErrorA(String message) {
      super(message);
    }
  }

  /** A subtype of {@link ErrorA}. */
  public static class ErrorB extends ErrorA {
    private static final long serialVersionUID = 1L;

    public ErrorB(String message) {
      super(message);
    }
  }

  /**
   * What the script cancels a coroutine with on the suspend path ("K2": call 2). kotlinx.coroutines
   * in debug mode (assertions on, as under Surefire) copies an exception that resumes a coroutine
   * to recover its stack trace, unless it is a {@link CopyableThrowable} that declines: this one
   * does, so that the trace can tell whether retrygen passed on the very cancellation.
   */
  public static final class Cancellation extends CancellationException
      implements CopyableThrowable<Cancellation> {
    private static final long serialVersionUID = 1L;

    public Cancellation(String message) {
      super(message);
    }

    @Override
    public Cancellation createCopy() {
      return null;
    }
  }

  /** Neither an {@code Exception} nor an {@code Error}. */
  public static class OddThrowable extends Throwable {
    private static final long serialVersionUID = 1L;

    public OddThrowable(String message) {
      super(message);
    }
  }
}
