package io.retrygen.oracle;

import io.retrygen.runtime.CircuitBreakerOpenException;
import java.util.concurrent.CancellationException;

/**
 * The failure types a drawn policy may name ({@code retryFor}, {@code noRetryFor}, {@code
 * notRecoverable}, {@code failOn}, {@code skipOn}, the parameters of {@code retryIf}, {@code
 * delayFor} and recover methods) and an outcome script may throw. {@code instanceof} between them
 * is Java's, read from the classes.
 */
enum Fault {
  THROWABLE(Throwable.class, "Throwable", true),
  EXCEPTION(Exception.class, "Exception", true),
  RUNTIME(RuntimeException.class, "RuntimeException", true),
  ERROR(Error.class, "Error", true),
  ILLEGAL_STATE(IllegalStateException.class, "IllegalStateException", true),
  UNSUPPORTED(UnsupportedOperationException.class, "UnsupportedOperationException", true),
  ILLEGAL_ARGUMENT(IllegalArgumentException.class, "IllegalArgumentException", true),
  NUMBER_FORMAT(NumberFormatException.class, "NumberFormatException", true),
  INTERRUPTED(InterruptedException.class, "InterruptedException", true),
  CHECKED_A(Failures.CheckedA.class, "Failures.CheckedA", true),
  CHECKED_B(Failures.CheckedB.class, "Failures.CheckedB", true),
  UNCHECKED_A(Failures.UncheckedA.class, "Failures.UncheckedA", true),
  UNCHECKED_B(Failures.UncheckedB.class, "Failures.UncheckedB", true),
  ERROR_A(Failures.ErrorA.class, "Failures.ErrorA", true),
  ERROR_B(Failures.ErrorB.class, "Failures.ErrorB", true),
  ODD(Failures.OddThrowable.class, "Failures.OddThrowable", true),
  /** Thrown by an open breaker, never by a script; policies may name it. */
  BREAKER_OPEN(CircuitBreakerOpenException.class, "CircuitBreakerOpenException", false),
  /** Drawn only with {@link Flags#CANCELLATION_RULE}. */
  CANCELLATION(CancellationException.class, "CancellationException", true);

  final Class<? extends Throwable> type;
  /** How the policies' sources write it (they import what it needs). */
  final String source;
  /** Whether an outcome script may throw it. */
  final boolean thrown;

  Fault(Class<? extends Throwable> type, String source, boolean thrown) {
    this.type = type;
    this.source = source;
    this.thrown = thrown;
  }

  boolean isInstance(Throwable failure) {
    return type.isInstance(failure);
  }

  /** Whether every {@code other} is a {@code this}. */
  boolean covers(Fault other) {
    return type.isAssignableFrom(other.type);
  }

  /** The simple name of the class, as traces print it. */
  String simpleName() {
    return type.getSimpleName();
  }

  /** A new instance whose message is {@code id}. */
  Throwable create(String id) {
    switch (this) {
      case THROWABLE: return new Throwable(id);
      case EXCEPTION: return new Exception(id);
      case RUNTIME: return new RuntimeException(id);
      case ERROR: return new Error(id);
      case ILLEGAL_STATE: return new IllegalStateException(id);
      case UNSUPPORTED: return new UnsupportedOperationException(id);
      case ILLEGAL_ARGUMENT: return new IllegalArgumentException(id);
      case NUMBER_FORMAT: return new NumberFormatException(id);
      case INTERRUPTED: return new InterruptedException(id);
      case CHECKED_A: return new Failures.CheckedA(id);
      case CHECKED_B: return new Failures.CheckedB(id);
      case UNCHECKED_A: return new Failures.UncheckedA(id);
      case UNCHECKED_B: return new Failures.UncheckedB(id);
      case ERROR_A: return new Failures.ErrorA(id);
      case ERROR_B: return new Failures.ErrorB(id);
      case ODD: return new Failures.OddThrowable(id);
      case BREAKER_OPEN: return new CircuitBreakerOpenException(id);
      case CANCELLATION: return new CancellationException(id);
      default: throw new AssertionError(this);
    }
  }
}
