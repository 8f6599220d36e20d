package io.retrygen.runtime.internal;

/** Not API. Rethrows a throwable as it is, checked or not. */
public final class Throwables {
  private Throwables() {}

  /**
   * Throws {@code failure} as it is, checked or not, as the type the caller's signature declares:
   * a template rethrows the callback's own failure, whose type the compiler knows only as {@code
   * E}, and the runtime rethrows what user code threw (a {@code retryIf}, a {@code Sleeper}), which
   * the guarded method declares. No wrapping, no reflection: the cast is erased.
   */
  @SuppressWarnings("unchecked")
  public static <X extends Throwable> X asThrown(Throwable failure) throws X {
    throw (X) failure;
  }
}
