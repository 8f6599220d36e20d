package io.retrygen.runtime.internal;

/**
 * {@code @Retryable(matchCauses = true)}: {@code retryFor} and {@code noRetryFor} matched against a
 * failure and every cause in its chain. Retryable when the failure or one of its causes is an
 * instance of a {@code retryFor} type and neither the failure nor any cause is an instance of a
 * {@code noRetryFor} type.
 *
 * <p>The chain is walked once, cycle-safe: a cause chain that comes back on itself ends where it
 * repeats (Floyd's check, so a chain of any length costs time in its length and no memory).
 * {@link Class#isInstance} is the {@code instanceof} of a class known only at run time, no
 * reflection.
 */
final class CauseMatcher {
  private final Class<?>[] retryFor;
  private final Class<?>[] noRetryFor;

  CauseMatcher(Class<?>[] retryFor, Class<?>[] noRetryFor) {
    if (retryFor.length == 0) {
      throw new IllegalArgumentException("retryFor is empty: pass Exception.class for the default");
    }
    this.retryFor = retryFor.clone();
    this.noRetryFor = noRetryFor.clone();
    for (Class<?> type : this.retryFor) {
      requireThrowable(type, "retryFor");
    }
    for (Class<?> type : this.noRetryFor) {
      requireThrowable(type, "noRetryFor");
    }
  }

  private static void requireThrowable(Class<?> type, String attribute) {
    if (type == null) {
      throw new NullPointerException(attribute + " holds null");
    }
    if (!Throwable.class.isAssignableFrom(type)) {
      throw new IllegalArgumentException(attribute + " holds " + type.getName()
          + ", which is not a Throwable type");
    }
  }

  /** Whether {@code failure}, with its causes, is retryable. */
  boolean matches(Throwable failure) {
    boolean included = false;
    Throwable slow = failure;
    int step = 0;
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (isAny(cause, noRetryFor)) {
        return false;
      }
      included |= isAny(cause, retryFor);
      if ((++step & 1) == 0) {
        slow = slow.getCause();
      }
      // Met again: every cause of the chain has been seen (the loop has gone round it once).
      if (cause.getCause() == slow) {
        break;
      }
    }
    return included;
  }

  private static boolean isAny(Throwable failure, Class<?>[] types) {
    for (Class<?> type : types) {
      if (type.isInstance(failure)) {
        return true;
      }
    }
    return false;
  }
}
