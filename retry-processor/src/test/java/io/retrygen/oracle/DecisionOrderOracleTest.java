package io.retrygen.oracle;

import static com.google.common.truth.Truth.assertWithMessage;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

/**
 * A differential oracle for the retry decision order: random policies compiled through the real
 * processor, random outcome scripts run on the generated synchronous, asynchronous and (in some
 * types) {@code suspend} methods, {@code Flow} methods (collected: {@link Path#FLOW}), {@code
 * Mono} and {@code Single} methods (subscribed: {@link Path#MONO}, {@link Path#SINGLE}) and on
 * the templates, each trace compared with an independent model of the contract ({@link Model}).
 *
 * <p>Seeded: {@code -Doracle.seed=<seed>} reruns one case, {@code -Doracle.base} and {@code
 * -Doracle.cases} explore others, {@code -Doracle.flags} draws features not built yet ({@link
 * Flags}), {@code -Doracle.suspend} sets the share of types with {@code suspend} methods,
 * {@code -Doracle.flow} that of types with {@code Flow} methods, {@code -Doracle.mono} that of
 * types with {@code Mono} methods ({@link Path#MONO}), {@code -Doracle.single} with RxJava
 * {@code Single} ones ({@link Path#SINGLE}), {@code -Doracle.timeout} that of pairs with a
 * {@code @Timeout} of their own (SPEC §16; modelled on the deferred paths, whose deadlines are
 * virtual: {@link Policy#timeoutMillis}), {@code -Doracle.overrides} that of pairs whose
 * instances and templates are built with run-time overrides (SPEC §17; {@link Overrides}: the
 * model applies them itself, {@link ModelOverrides}), a few with a value that breaks a rule, which
 * building must reject, {@code -Doracle.stateful} that of pairs with a stateful twin (SPEC §19;
 * {@link Path#STATEFUL}, {@link Path#STATEFUL_TEMPLATE}), run with calls on a few keys ({@link
 * ModelKeys}). A mismatch is shrunk to a minimal script (then to fewer overrides) and
 * reported with the policy's source, its overrides and the first difference.
 */
class DecisionOrderOracleTest {
  private static final long BASE = Long.getLong("oracle.base", 19_000_000L);
  /** Cases per run: {@link Case#SLOTS} to a seed. */
  private static final int CASES = Integer.getInteger("oracle.cases", 10_000);
  /** Seeds (types, each with a pair of guarded methods per case) per compilation. */
  private static final int BATCH = Integer.getInteger("oracle.batch", 50);
  private static final Long SEED = Long.getLong("oracle.seed");
  /** The whole run ends within this, or fails. */
  private static final long TIMEOUT_MINUTES = 15;
  /** Mismatches shrunk and reported at most: the first of each path and first line. */
  private static final int REPORTED = 3;

  @Test
  void generatedMethodsAndTemplatesDoWhatTheModelSays() throws Exception {
    long started = System.nanoTime();
    List<Long> seeds = new ArrayList<>();
    if (SEED != null) {
      seeds.add(SEED);
    } else {
      for (int i = 0; i < (CASES + Case.SLOTS - 1) / Case.SLOTS; i++) {
        seeds.add(BASE + i);
      }
    }
    ExecutorService pool = Executors.newFixedThreadPool(
        Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors())), runnable -> {
          Thread thread = new Thread(runnable, "oracle");
          thread.setDaemon(true);
          return thread;
        });
    Oracle.Result result = new Oracle.Result();
    try {
      List<Future<Oracle.Result>> batches = new ArrayList<>();
      for (int from = 0; from < seeds.size(); from += BATCH) {
        List<Long> batch = seeds.subList(from, Math.min(seeds.size(), from + BATCH));
        batches.add(pool.submit(() -> Oracle.check(batch)));
      }
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(TIMEOUT_MINUTES);
      for (int i = 0; i < batches.size(); i++) {
        try {
          result.add(await(batches.get(i), deadline - System.nanoTime()));
        } catch (TimeoutException e) {
          fail("The batch of seeds from " + seeds.get(i * BATCH) + " did not end within "
              + TIMEOUT_MINUTES + " minutes: a call that retries for ever without calling any"
              + " user code? Rerun one seed with -Doracle.seed=<seed>");
        }
      }
    } finally {
      pool.shutdownNow();
    }
    long checked = System.nanoTime();
    int compilations = PolicyCompiler.compilations.get();
    String reports = reports(result.mismatches);
    System.out.println(figures(seeds, result, compilations, checked - started,
        System.nanoTime() - checked));
    if (!reports.isEmpty()) {
      fail(result.counts.get("mismatching runs") + " runs differ from the model; the first"
          + " ones, shrunk:\n\n"
          + reports);
    }
    if (!result.invalid.isEmpty()) {
      fail(result.counts.get("invalid overrides not rejected") + " invalid overrides were not"
          + " rejected as they must be; the first:\n\n" + result.invalid.get(0));
    }
    if (SEED == null && CASES >= 5_000) {
      assertCoverage(result.counts);
    }
  }

  private static String reports(List<Oracle.Mismatch> mismatches) {
    StringBuilder text = new StringBuilder();
    Set<String> kinds = new HashSet<>();
    int reported = 0;
    for (Oracle.Mismatch found : mismatches) {
      int at = Trace.firstDifference(found.expected, found.actual);
      String kind = found.path + " " + shape(at < found.expected.size() ? found.expected.get(at)
          : "") + " / " + shape(at < found.actual.size() ? found.actual.get(at) : "");
      if (reported == REPORTED || !kinds.add(kind)) {
        continue;
      }
      text.append(Report.of(found, Shrinker.shrink(found))).append("\n\n");
      reported++;
    }
    return text.toString();
  }

  /** A line without its numbers and ids: what kind of line it is. */
  private static String shape(String line) {
    return line.trim().replaceAll("[0-9.]+", "#");
  }

  private static String figures(List<Long> seeds, Oracle.Result result, int compilations,
      long checkNanos, long shrinkNanos) {
    StringBuilder text = new StringBuilder();
    text.append(String.format(Locale.ROOT,
        "DecisionOrderOracleTest: %d cases (seeds %d..%d), %d compilations, %d calls, %.1f s"
            + " (+ %.1f s shrinking); %d mismatching runs%n",
        result.counts.getOrDefault("cases", 0), seeds.get(0), seeds.get(seeds.size() - 1),
        compilations, result.counts.getOrDefault("calls", 0), checkNanos / 1e9,
        shrinkNanos / 1e9, result.counts.getOrDefault("mismatching runs", 0)));
    for (Flags flag : Flags.values()) {
      text.append("  flag ").append(flag).append(flag.on() ? ": on" : ": off").append('\n');
    }
    for (KnownDefect defect : KnownDefect.values()) {
      text.append("  known defect ").append(defect)
          .append(defect.avoided() ? ": not drawn" : ": drawn").append('\n');
    }
    for (Map.Entry<String, Integer> count : result.counts.entrySet()) {
      text.append("  ").append(count.getKey()).append(": ").append(count.getValue()).append('\n');
    }
    return text.toString();
  }

  /** Every step and path the oracle is there to check was exercised. */
  private static void assertCoverage(Map<String, Integer> counts) {
    for (Path path : Path.values()) {
      if ((path == Path.SUSPEND && PolicyGenerator.SUSPEND_SHARE == 0)
          || (path == Path.FLOW && PolicyGenerator.FLOW_SHARE == 0)
          || (path == Path.MONO && PolicyGenerator.MONO_SHARE == 0)
          || (path == Path.SINGLE && PolicyGenerator.SINGLE_SHARE == 0)
          || (path.stateful && PolicyGenerator.STATEFUL_SHARE == 0)) {
        continue;
      }
      assertWithMessage("runs on %s", path).that(counts.getOrDefault("runs: " + path, 0))
          .isGreaterThan(0);
    }
    List<String> expected = Arrays.asList(
        "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: INTERRUPTED",
        "gave up: RETRY_IF_REJECTED", "gave up: BUDGET_EXHAUSTED", "gave up: WAIT_ABOVE_CAP",
        "gave up: DURATION_EXHAUSTED", "maxDuration after a wait", "interrupted wait",
        "user code failed: P", "user code failed: D", "user code failed: S", "recovered",
        "recovered an interruption", "recovered without a failure parameter", "recover threw",
        "not recoverable", "breaker opened", "breaker refused", "result rejected");
    for (String what : expected) {
      assertWithMessage("cases where the model saw \"%s\"", what)
          .that(counts.getOrDefault("seen: " + what, 0)).isGreaterThan(0);
    }
    // Run-time overrides (SPEC §17): every attribute drawn, the kill switch, invalid values.
    if (OverrideGenerator.SHARE >= 0.2) {
      List<String> attributes = Arrays.asList(
          "retry.maxAttempts", "retry.maxDuration", "retry.delay", "retry.maxDelay",
          "retry.multiplier", "retry.jitter", "retry.enabled",
          "circuitbreaker.requestVolumeThreshold", "circuitbreaker.failureRatio",
          "circuitbreaker.delay", "circuitbreaker.successThreshold", "circuitbreaker.enabled",
          "budget.maxTokens", "budget.tokenRatio", "timeout.value");
      for (String attribute : attributes) {
        assertWithMessage("cases with %s overridden", attribute)
            .that(counts.getOrDefault("overridden: " + attribute, 0)).isGreaterThan(0);
      }
      for (String what : Arrays.asList(
          "cases with overrides", "cases under the kill switch", "invalid overrides rejected")) {
        assertWithMessage(what).that(counts.getOrDefault(what, 0)).isGreaterThan(0);
      }
    }
    // @Timeout (SPEC §16): attempts ran out on each deferred path whose deadline is virtual (not
    // FLOW, whose attempts end before the function returns here), and the failure went on.
    if (PolicyGenerator.TIMEOUT_SHARE >= 0.2) {
      for (Path path : Arrays.asList(Path.ASYNC, Path.MONO, Path.SINGLE, Path.SUSPEND)) {
        double share = path == Path.MONO ? PolicyGenerator.MONO_SHARE
            : path == Path.SINGLE ? PolicyGenerator.SINGLE_SHARE
            : path == Path.SUSPEND ? PolicyGenerator.SUSPEND_SHARE : 1;
        if (share >= 0.2 && Policy.writesTimeout(path)) {
          assertWithMessage("attempts that timed out on %s", path)
              .that(counts.getOrDefault("timeouts on " + path, 0)).isGreaterThan(0);
        }
      }
      for (String what : Arrays.asList(
          "timeout retried", "recovered a timeout", "timeout counted by the breaker")) {
        assertWithMessage("cases where the model saw \"%s\"", what)
            .that(counts.getOrDefault("seen: " + what, 0)).isGreaterThan(0);
      }
    }
    if (PolicyGenerator.FLOW_SHARE >= 0.2) {
      // No step 4 and no cancellations on the flow's path (left out); no rejected results.
      List<String> flow = Arrays.asList(
          "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: RETRY_IF_REJECTED",
          "gave up: BUDGET_EXHAUSTED", "gave up: WAIT_ABOVE_CAP", "gave up: DURATION_EXHAUSTED",
          "user code failed: P", "user code failed: D", "recovered",
          "recovered without a failure parameter", "recover threw", "not recoverable",
          "breaker opened", "breaker refused", "flow function threw",
          "flow threw after an element", "flow completed");
      for (String what : flow) {
        assertWithMessage("flow runs where the model saw \"%s\"", what)
            .that(counts.getOrDefault("seen on FLOW: " + what, 0)).isGreaterThan(0);
      }
    }
    // As on ASYNC (no cancellations, no interrupted waits there); a publisher's own ways to end.
    List<String> reactive = Arrays.asList(
        "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: INTERRUPTED",
        "gave up: RETRY_IF_REJECTED", "gave up: BUDGET_EXHAUSTED", "gave up: WAIT_ABOVE_CAP",
        "gave up: DURATION_EXHAUSTED", "maxDuration after a wait", "user code failed: P",
        "user code failed: D", "user code failed: S", "recovered", "recovered by a publisher",
        "recovered without a failure parameter", "recover threw", "not recoverable",
        "breaker opened", "breaker refused", "result rejected", "method threw",
        "publisher signalled", "publisher signalled later");
    for (Path path : Arrays.asList(Path.MONO, Path.SINGLE)) {
      double share = path == Path.MONO ? PolicyGenerator.MONO_SHARE : PolicyGenerator.SINGLE_SHARE;
      for (String what : share < 0.2 ? Arrays.<String>asList() : reactive) {
        assertWithMessage("%s runs where the model saw \"%s\"", path, what)
            .that(counts.getOrDefault("seen on " + path + ": " + what, 0)).isGreaterThan(0);
      }
    }
    // Stateful retry (SPEC §19): a key counted, exhausted each way, recovered or not, forgotten.
    if (PolicyGenerator.STATEFUL_SHARE >= 0.2) {
      List<String> stateful = Arrays.asList(
          "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: INTERRUPTED",
          "gave up: RETRY_IF_REJECTED", "gave up: BUDGET_EXHAUSTED", "gave up: WAIT_ABOVE_CAP",
          "gave up: DURATION_EXHAUSTED", "gave up: CANCELLED", "maxDuration after a wait",
          "interrupted wait", "user code failed: P", "user code failed: S",
          "stateful: counted, rethrown", "stateful: a key's later attempt",
          "stateful: exhausted a key", "stateful: exhausted, recovered",
          "stateful: exhausted, recovered without a failure parameter",
          "stateful: exhausted, recover threw", "stateful: exhausted, not recoverable",
          "stateful: exhausted, RetryExhaustedException", "stateful: success forgot a key",
          "stateful: not retryable forgot a key", "breaker refused");
      for (String what : stateful) {
        assertWithMessage("STATEFUL runs where the model saw \"%s\"", what)
            .that(counts.getOrDefault("seen on STATEFUL: " + what, 0)).isGreaterThan(0);
      }
      List<String> template = Arrays.asList(
          "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: DURATION_EXHAUSTED",
          "stateful: counted, rethrown", "stateful: exhausted, recovered without a failure"
              + " parameter", "stateful: exhausted, RetryExhaustedException",
          "stateful: forceRefresh forgot a key", "stateful: success forgot a key");
      for (String what : template) {
        assertWithMessage("STATEFUL_TEMPLATE runs where the model saw \"%s\"", what)
            .that(counts.getOrDefault("seen on STATEFUL_TEMPLATE: " + what, 0)).isGreaterThan(0);
      }
    }
    if (PolicyGenerator.SUSPEND_SHARE < 0.25) {
      return; // too few suspend runs to see everything
    }
    // The suspend path has no step 4 (no thread's interrupt flag) and no sleeper to throw; its
    // interrupts are cancellations.
    List<String> suspend = Arrays.asList(
        "gave up: NOT_RETRYABLE", "gave up: ATTEMPTS_EXHAUSTED", "gave up: RETRY_IF_REJECTED",
        "gave up: BUDGET_EXHAUSTED", "gave up: WAIT_ABOVE_CAP", "gave up: DURATION_EXHAUSTED",
        "maxDuration after a wait", "user code failed: P", "user code failed: D", "recovered",
        "recovered by a suspend function", "recovered without a failure parameter",
        "recover threw", "not recoverable", "breaker opened", "breaker refused",
        "result rejected", "suspended attempt", "cancelled during a suspended attempt",
        "cancelled during an attempt that did not suspend", "cancelled wait",
        "rejected a result after a cancellation");
    for (String what : suspend) {
      assertWithMessage("suspend runs where the model saw \"%s\"", what)
          .that(counts.getOrDefault("seen on SUSPEND: " + what, 0)).isGreaterThan(0);
    }
  }

  private static <T> T await(Future<T> future, long nanos) throws Exception {
    try {
      return future.get(Math.max(0, nanos), TimeUnit.NANOSECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof Error) {
        throw (Error) e.getCause();
      }
      throw e;
    }
  }
}
