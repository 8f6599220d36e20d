package io.retrygen.runtime;

/**
 * Thrown instead of calling a method whose circuit breaker is open (or half-open with all its
 * trial calls in flight). Unchecked, so it passes through any {@code throws} clause; with {@code
 * @Retryable} on the same method it is retried and recovered like any failure unless excluded.
 *
 * <p>It carries no stack trace: while a breaker is open every call is refused with a new one, so
 * filling a trace would make the fast path of an overloaded caller walk its stack on every call,
 * and the trace would only ever show the generated method that asked the breaker, which the
 * {@linkplain #name() name} identifies already.
 */
public final class CircuitBreakerOpenException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String name;

  /**
   * @param name the breaker's name: its {@code @CircuitBreaker(name)}, else the method's label
   */
  public CircuitBreakerOpenException(String name) {
    this.name = name;
  }

  /**
   * {@code "circuit breaker <name> is open"}, built when asked for: a refusal that nobody logs
   * allocates no message.
   */
  @Override
  public String getMessage() {
    return "circuit breaker " + name + " is open";
  }

  /** The name of the breaker that refused the call. */
  public String name() {
    return name;
  }

  /** Fills nothing and returns this exception: see the class documentation for why. */
  @Override
  public Throwable fillInStackTrace() {
    return this;
  }
}
