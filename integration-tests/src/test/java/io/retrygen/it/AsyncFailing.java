package io.retrygen.it;

/** How a fake asynchronous delegate fails an attempt. */
enum AsyncFailing {
  /** Throws before returning a stage. */
  THROWN,
  /** Returns a stage already completed exceptionally. */
  FAILED_STAGE,
  /** Returns an incomplete stage, which the test completes exceptionally later. */
  FAILED_LATER
}
