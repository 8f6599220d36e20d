package io.retrygen.oracle;

import java.util.Locale;

/**
 * Defects the oracle found in the product and keeps out of its draws until they are fixed, each
 * reported with a seed and a minimal script. While a constant is here the generator avoids the
 * case; {@code -Doracle.draw=NAME} draws it anyway (to check a fix), and the fix deletes it.
 */
enum KnownDefect {
  /**
   * Under {@code @Timeout}, a {@code suspend} attempt that throws a {@code CancellationException}
   * of its own while the calling coroutine is being cancelled ends the call with that exception,
   * where the same call without a timer ends with the caller's cancellation (its suspended attempt
   * is resumed with the job's exception). Found by the oracle (#23), seed 19000059 slot 2 on
   * SUSPEND: {@code invocation 1: throw CancellationException, +cancel K1}: {@code onFailure
   * failure=F1.1 CANCELLED, end threw F1.1} where {@code K1} is expected; 14 runs of 10,000 cases
   * when drawn. (It was found as a larger defect: every failure of a timed {@code suspend} or flow
   * attempt reached listeners, recovery and the caller as a copy made by kotlinx-coroutines'
   * stack-trace recovery across {@code withTimeoutOrNull}, 640 runs; {@code SuspendCall} and
   * {@code FlowCall} now carry the attempt's failure out of it as a value.) While avoided, the
   * {@code suspend} and {@code Flow} twins carry no {@code @Timeout} (nor does a type that has
   * them), so SUSPEND and FLOW see no timeouts in the default run.
   */
  TIMED_SUSPEND_FAILURE_COPIED;

  /** Whether the generator keeps away from this defect (unless the run asks to draw it). */
  boolean avoided() {
    for (String name : System.getProperty("oracle.draw", "").split(",")) {
      if (name.trim().toUpperCase(Locale.ROOT).equals(name())) {
        return false;
      }
    }
    return true;
  }
}
