package io.retrygen.runtime;

/** What the templates share that is no part of their API. */
final class Template {
  private Template() {}

  /**
   * Throws {@code failure} as it is, checked or not, as the type the caller's signature declares:
   * a template rethrows the callback's own failure, whose type the compiler knows only as {@code
   * E}, and a recovery's checked exception unchanged.
   */
  @SuppressWarnings("unchecked")
  static <X extends Throwable> X asThrown(Throwable failure) throws X {
    throw (X) failure;
  }
}
