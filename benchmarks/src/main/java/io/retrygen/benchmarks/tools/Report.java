package io.retrygen.benchmarks.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints the combined Markdown table of one run: {@code Report <dir>} reads {@code jmh.csv} (JMH
 * {@code -rf csv} with {@code -prof gc}), {@code coldstart.tsv} (from {@link ProcessTimer}) and
 * {@code sizes.tsv} (label, bytes, jar count, jar names) from {@code dir}, then checks the
 * targets of issue 4 (and, when the run has the {@code RetrygenTemplate} row, those of issue 11)
 * against the figures. The circuit-breaker rows of issue 8
 * ({@code *Breaker} benchmarks, paths {@code closedSuccess} and {@code openRejection}) get a
 * table of their own, with the direct call as their floor, and so do the asynchronous rows of
 * issue 9 ({@code Async*} benchmarks, paths {@code success} and {@code failOnce}, no variant),
 * and the Kotlin suspend rows of issue 21 ({@code Suspend*} benchmarks, the paths and variants of
 * the synchronous rows), and the Reactor rows of issue 22 ({@code Mono*} benchmarks, paths {@code
 * success} and {@code failOnce}, no variant), and the rows of issue 24 that build the same
 * guarded methods with run-time overrides ({@code Overrides*}, next to {@code RetrygenInterface}
 * and {@code RetrygenBreaker}).
 */
public final class Report {
  /** Anything below this is measurement noise: a real allocation is at least 16 bytes. */
  private static final double ZERO_BYTES = 0.5;
  /** The one object a template call may allocate (issue 11): its {@code RetryContext}. */
  private static final double TEMPLATE_CONTEXT_BYTES = 24.5;

  private static final String[] PATHS = {"success", "failOnce"};
  private static final String[] VARIANTS = {"inline", "dontInline"};
  private static final String[] PEERS = {
    "SpringRetryTemplate", "SpringRetryAnnotation", "Resilience4jRetry", "FailsafeRetry",
    "GuavaRetrying"
  };
  private static final String[] GENERATED = {"RetrygenInterface", "RetrygenClass"};
  private static final String[] BREAKER_PATHS = {"closedSuccess", "openRejection"};

  /** One row: JMH benchmark class (or null), name, what it includes, cold-start and jar labels. */
  private record Row(String benchmark, String name, String includes, String coldStart, String jars) {}

  private static final Row[] ROWS = {
    new Row("Direct", "direct call", "`backend.call(input)`, no retry (success path only)",
        null, null),
    new Row("HandWrittenLoop", "hand-written loop",
        "`for` + `try`/`catch (Exception)`, 3 attempts, no wait: the 1.2x baseline; cold start:"
            + " the same failing call retried by hand, no library",
        "hand-written", null),
    new Row("HandWrittenCheckedLoop", "hand-written loop, checked",
        "the same loop with what the generated one must check and the plain one need not:"
            + " attempts from a field (not a constant the JIT unrolls with) and the interrupt flag"
            + " before each retry",
        null, null),
    new Row("RetrygenInterface", "**retrygen, interface delegate**",
        "generated `ServiceRetrying`; `@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))`;"
            + " a 0 ms wait calls no sleeper",
        "retrygen-interface", "retrygen"),
    new Row("RetrygenClass", "**retrygen, subclass**",
        "generated `ServiceClassRetrying` (`super.call`), same settings",
        "retrygen-class", "retrygen"),
    new Row("RetrygenTemplate", "**retrygen `RetryTemplate`**",
        "`builder().maxAttempts(3).backoff(BackoffPolicy.fixed(0))`, callback built once; one"
            + " `RetryContext` per call (24 B) unless escape analysis removes it",
        null, null),
    new Row("SpringRetryTemplate", "Spring Retry `RetryTemplate`",
        "`builder().maxAttempts(3).noBackoff()`, callback built once; no sleep",
        "spring-template", "spring-template"),
    new Row("SpringRetryAnnotation", "Spring Retry `@Retryable` proxy",
        "`@EnableRetry` CGLIB proxy; `@Backoff(0)` = **1 ms `Thread.sleep` per retry** (Spring"
            + " clamps 0 to 1; `@Backoff(delay = 0)` would mean the default 1000 ms)",
        "spring-annotation", "spring-annotation"),
    new Row("Resilience4jRetry", "Resilience4j `Retry`",
        "`maxAttempts(3)`, `waitDuration(ZERO)`, decorated supplier built once;"
            + " `Thread.sleep(0)` per retry",
        "resilience4j", "resilience4j"),
    new Row("FailsafeRetry", "Failsafe",
        "`RetryPolicy` `withMaxAttempts(3)`, default zero delay, executor and supplier built once;"
            + " `Thread.sleep(0)` per retry",
        "failsafe", "failsafe"),
    new Row("GuavaRetrying", "guava-retrying",
        "`retryIfException()`, `stopAfterAttempt(3)`, `noWait()`, retryer built once;"
            + " `Thread.sleep(0)` per retry",
        "guava-retrying", "guava-retrying"),
    new Row(null, "empty JVM", "`main` that prints one line (cold-start baseline)", "empty", null),
  };

  private static final Row[] BREAKER_ROWS = {
    new Row("Direct", "direct call", "`backend.call(input)`, no breaker (closed path only)",
        null, null),
    new Row("RetrygenBreaker", "**retrygen `@CircuitBreaker`**",
        "generated `BreakerServiceRetrying` (unnamed, defaults: window 20, ratio 0.5, 5 s);"
            + " open: `OpenBreakerServiceRetrying` (window 1, delay 1 h), stackless"
            + " `CircuitBreakerOpenException` caught",
        null, null),
    new Row("Resilience4jBreaker", "Resilience4j `CircuitBreaker`",
        "count-based window 20 (`minimumNumberOfCalls` 20), 50 %, 5 s; open: window 1, 1 h;"
            + " `decorateSupplier` built once; defaults otherwise, so `CallNotPermittedException`"
            + " fills its stack trace",
        null, null),
    new Row("Resilience4jBreakerNoTrace", "Resilience4j `CircuitBreaker`, no stack trace",
        "the same with `writableStackTraceEnabled(false)`", null, null),
    new Row("FailsafeBreaker", "Failsafe `CircuitBreaker`",
        "`withFailureThreshold(10, 20)`, `withDelay(5 s)`; open: `withFailureThreshold(1)`, 1 h;"
            + " executor and supplier built once; `CircuitBreakerOpenException` with stack trace",
        null, null),
  };

  private static final Row[] ASYNC_ROWS = {
    new Row("AsyncDirect", "direct call",
        "`backend.call(input).join()` on the backend's completed future, no retry (success path"
            + " only)",
        null, null),
    new Row("AsyncRetrygen", "**retrygen, scheduler set**",
        "generated `AsyncServiceRetrying`, `RetryOptions.builder().scheduler(s)`: a retry is"
            + " `s.schedule(next, 0, MILLISECONDS)`",
        null, null),
    new Row("AsyncRetrygenTemplate", "**retrygen `AsyncRetryTemplate`, scheduler set**",
        "`AsyncRetryTemplate.of(template)`, the template as above with"
            + " `options(RetryOptions.builder().scheduler(s))`: the same call plus its"
            + " `RetryContext`",
        null, null),
    new Row("AsyncRetrygenDefault", "**retrygen, default options**",
        "no scheduler: a 0 ms retry is handed to the runtime's own pool of daemon threads",
        null, null),
    new Row("AsyncResilience4j", "Resilience4j `Retry`",
        "`maxAttempts(3)`, `waitDuration(ZERO)`, `decorateCompletionStage(retry, s, supplier)`"
            + " built once; a retry is `s.schedule(block, 0, MILLISECONDS)`",
        null, null),
    new Row("AsyncFailsafe", "Failsafe",
        "`RetryPolicy` `withMaxAttempts(3)`, default zero delay, `Failsafe.with(policy).with(s)`,"
            + " `getStageAsync`; every attempt, the first included, runs on `s`",
        null, null),
  };

  private static final Row[] SUSPEND_ROWS = {
    new Row("SuspendDirect", "direct call",
        "`backend.call(input, completion)`, the suspend function called directly, no retry"
            + " (success path only)",
        null, null),
    new Row("SuspendHandWrittenLoop", "hand-written loop",
        "`repeat(2) { try { return call() } catch (Exception) {...}; delay(0) }; return call()`,"
            + " a `CancellationException` passed on",
        null, null),
    new Row("SuspendRetrygen", "**retrygen, generated**",
        "generated `SuspendServiceRetrying` of a Kotlin interface, `@Retryable(maxAttempts = 3,"
            + " backoff = Backoff(delay = 0))` on a `suspend fun`: `new SuspendCall<String>(...)"
            + " {...}.run($completion)`",
        null, null),
    new Row("SuspendResilience4j", "Resilience4j Kotlin `Retry`",
        "`maxAttempts(3)`, `waitDuration(ZERO)`, `decorateSuspendFunction` (its"
            + " `executeSuspendFunction` loop) built once; `delay(0)` per retry",
        null, null),
    new Row("SuspendFlowRetry", "kotlinx `Flow.retry`",
        "`flow { emit(call()) }.retry(2)` built once, `single()` per call",
        null, null),
  };

  private static final Row[] MONO_ROWS = {
    new Row("MonoDirect", "direct `Mono`",
        "`backend.call(input)` subscribed directly, no retry (success path only)", null, null),
    new Row("MonoRetrygen", "**retrygen, generated**",
        "generated `MonoServiceRetrying`, `@Retryable(maxAttempts = 3, backoff = @Backoff(delay ="
            + " 0))` on a `Mono` method: `new MonoCall<String>(...) {...}.mono()`",
        null, null),
    new Row("MonoRetryWhen", "Reactor `retryWhen`",
        "`Mono.defer(() -> backend.call(input)).retryWhen(spec)` per call, `spec ="
            + " Retry.backoff(2, Duration.ZERO)` built once (a zero backoff takes no scheduler)",
        null, null),
    new Row("MonoResilience4j", "Resilience4j `RetryOperator`",
        "`Mono.defer(...).transformDeferred(RetryOperator.of(retry))` per call, the operator"
            + " built once, `maxAttempts(3)`, `waitDuration(ZERO)`; a retry is `Mono.delay(0)`"
            + " on `Schedulers.parallel()`, a thread hop the row waits for",
        null, null),
  };

  private static final Row[] TIMEOUT_ROWS = {
    new Row("RetrygenInterface", "**retrygen, without `@Timeout`**",
        "generated `ServiceRetrying`, `@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))`",
        null, null),
    new Row("TimeoutRetrygen", "**retrygen, `@Timeout(1000)`**",
        "generated `TimedServiceRetrying`: the same with `@Timeout(1000)`; each attempt arms the"
            + " calling thread's reusable deadline on the runtime's watchdog and disarms it",
        null, null),
    new Row("TimeoutFailsafe", "Failsafe `Timeout`",
        "`Timeout.builder(1 s).withInterrupt()`, `Failsafe.with(timeout)` and the supplier built"
            + " once; the call runs on the caller's thread, its deadline scheduled per call",
        null, null),
    new Row("TimeoutResilience4j", "Resilience4j `TimeLimiter`",
        "`TimeLimiter.of(1 s).decorateFutureSupplier(() -> executor.submit(call))` built once:"
            + " it limits a `Future`, so each call hands the work to a single-thread executor",
        null, null),
  };

  private static final Row[] OVERRIDE_ROWS = {
    new Row("RetrygenInterface", "**retrygen, default options**",
        "generated `ServiceRetrying`, `new ServiceRetrying(backend)`: `@Retryable(maxAttempts ="
            + " 3, backoff = @Backoff(delay = 0))` as compiled",
        null, null),
    new Row("OverridesRetrygen", "**retrygen, overridden**",
        "the same built with options whose `PolicyOverrides` set `maxAttempts=5` and `delay=0`"
            + " for `Service.call`, plus a key for a label no method has; applied once, by the"
            + " constructor",
        null, null),
    new Row("OverridesKillSwitch", "**retrygen, kill switch**",
        "the same built with `retrygen.enabled=false` (and the unrelated key): one attempt, so"
            + " success path only",
        null, null),
  };

  private static final Row[] OVERRIDE_BREAKER_ROWS = {
    new Row("RetrygenBreaker", "**retrygen `@CircuitBreaker`, default options**",
        "generated `BreakerServiceRetrying` (window 20, ratio 0.5, 5 s); open:"
            + " `OpenBreakerServiceRetrying` (window 1, 1 h)",
        null, null),
    new Row("OverridesBreaker", "**retrygen `@CircuitBreaker`, overridden**",
        "the same built with options whose `PolicyOverrides` set `requestVolumeThreshold=10`,"
            + " `failureRatio=0.75`, `delay=1000` (open: `delay=7200000`), plus the unrelated key",
        null, null),
    new Row("OverridesBreakerOff", "**retrygen `@CircuitBreaker`, turned off**",
        "the closed one built with `enabled=false` for its name: every call passes, nothing is"
            + " counted (closed path only)",
        null, null),
  };

  private final Map<String, double[]> jmh = new HashMap<>(); // key -> {score, error}
  private final Map<String, String[]> coldStart;
  private final Map<String, String[]> sizes;
  private final List<String> verdicts = new ArrayList<>();

  private Report(Path dir) throws IOException {
    readJmh(dir.resolve("jmh.csv"));
    coldStart = readTsv(dir.resolve("coldstart.tsv"));
    sizes = readTsv(dir.resolve("sizes.tsv"));
  }

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      System.err.println("usage: Report <results dir>");
      System.exit(2);
    }
    System.out.print(new Report(Paths.get(args[0])).render());
  }

  private String render() {
    StringBuilder out = new StringBuilder();
    out.append("| Row | What the row includes | success, inline | success, DONT_INLINE"
        + " | fail once, inline | fail once, DONT_INLINE | cold start | runtime jars |\n");
    out.append("|---|---|--:|--:|--:|--:|--:|--:|\n");
    for (Row row : ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : PATHS) {
        for (String variant : VARIANTS) {
          out.append(" | ").append(cell(row.benchmark(), path, variant));
        }
      }
      out.append(" | ").append(coldStartCell(row.coldStart()));
      out.append(" | ").append(jarsCell(row.jars())).append(" |\n");
    }
    out.append("\nCells: mean ns/op ± 99.9% error, then `gc.alloc.rate.norm` in B/op"
        + " (below 0.5 B/op shown as 0 B). Cold start: median wall time of a whole JVM process"
        + " making one retried call (fails once, then succeeds), its difference to the empty JVM,"
        + " and the fastest run."
        + " Runtime jars: the library's jars with their transitive runtime dependencies.\n");

    out.append("\n| Circuit breaker (issue 8) | What the row includes | closed success, inline"
        + " | closed success, DONT_INLINE | open rejection, inline | open rejection, DONT_INLINE"
        + " |\n");
    out.append("|---|---|--:|--:|--:|--:|\n");
    for (Row row : BREAKER_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : BREAKER_PATHS) {
        for (String variant : VARIANTS) {
          out.append(" | ").append(cell(row.benchmark(), path, variant));
        }
      }
      out.append(" |\n");
    }
    out.append("\nClosed success: every call succeeds, the breaker stays closed. Open rejection:"
        + " the breaker was opened in setup by one failure; every measured call is refused"
        + " before it reaches the backend, and the row catches the refusal and returns a"
        + " constant. Same cells as above.\n");

    out.append("\n| Asynchronous (issue 9) | What the row includes | success | fail once |\n");
    out.append("|---|---|--:|--:|\n");
    for (Row row : ASYNC_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : PATHS) {
        out.append(" | ").append(cell(row.benchmark(), path, ""));
      }
      out.append(" |\n");
    }
    out.append("\nEvery operation is the whole call joined: the backend returns a future made once,"
        + " already complete (success) or already failed on every odd call (fail once: one"
        + " failure, a retry scheduled with a 0 ms wait, one success). `s` is one single-thread"
        + " `ScheduledExecutorService` per trial. B/op counts every thread of the JVM. Same cells"
        + " as above.\n");

    out.append("\n| Kotlin `suspend` (issue 21) | What the row includes | success, inline"
        + " | success, DONT_INLINE | fail once, inline | fail once, DONT_INLINE |\n");
    out.append("|---|---|--:|--:|--:|--:|\n");
    for (Row row : SUSPEND_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : PATHS) {
        for (String variant : VARIANTS) {
          out.append(" | ").append(cell(row.benchmark(), path, variant));
        }
      }
      out.append(" |\n");
    }
    out.append("\nEvery row is called from Java as compiled Kotlin calls a suspend function,"
        + " `service.call(input, completion)`, with one completion per trial whose context is an"
        + " active `Job` and no dispatcher. The backend returns at once and every wait is 0 ms,"
        + " so no call suspends. Same cells as above.\n");

    out.append("\n| Reactor `Mono` (issue 22) | What the row includes | success | fail once |\n");
    out.append("|---|---|--:|--:|\n");
    for (Row row : MONO_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : PATHS) {
        out.append(" | ").append(cell(row.benchmark(), path, ""));
      }
      out.append(" |\n");
    }
    out.append("\nEvery operation assembles the row's `Mono` for one call, subscribes one reused"
        + " subscriber that requests everything, and returns the value. The backend returns one"
        + " of two `Mono`s made once: `Mono.just(value)`, or (fail once, on every odd call)"
        + " `Mono.error(failure)`. Every wait is 0 ms, so the whole call runs on the benchmark"
        + " thread. Same cells as above.\n");

    out.append("\n| `@Timeout` (issue 23) | What the row includes | success, inline"
        + " | success, DONT_INLINE |\n");
    out.append("|---|---|--:|--:|\n");
    for (Row row : TIMEOUT_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String variant : VARIANTS) {
        out.append(" | ").append(cell(row.benchmark(), "success", variant));
      }
      out.append(" |\n");
    }
    out.append("\nThe success path of a synchronous call with a 1 s limit per attempt that is"
        + " never reached. Same cells as above.\n");

    out.append("\n| Run-time overrides (issue 24) | What the row includes | success, inline"
        + " | success, DONT_INLINE | fail once, inline | fail once, DONT_INLINE |\n");
    out.append("|---|---|--:|--:|--:|--:|\n");
    for (Row row : OVERRIDE_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : PATHS) {
        for (String variant : VARIANTS) {
          out.append(" | ").append(cell(row.benchmark(), path, variant));
        }
      }
      out.append(" |\n");
    }
    out.append("\n| Run-time overrides, circuit breaker (issue 24) | What the row includes"
        + " | closed success, inline | closed success, DONT_INLINE | open rejection, inline"
        + " | open rejection, DONT_INLINE |\n");
    out.append("|---|---|--:|--:|--:|--:|\n");
    for (Row row : OVERRIDE_BREAKER_ROWS) {
      out.append("| ").append(row.name()).append(" | ").append(row.includes());
      for (String path : BREAKER_PATHS) {
        for (String variant : VARIANTS) {
          out.append(" | ").append(cell(row.benchmark(), path, variant));
        }
      }
      out.append(" |\n");
    }
    out.append("\nThe same guarded methods built with default options and with options carrying"
        + " `PolicyOverrides`, which the generated constructor applies once, in the same run."
        + " Same cells as above.\n");

    checkTargets();
    out.append("\n| Target (issue 4; breaker rows: issue 8; template: issue 11; overrides:"
        + " issue 24) | Result |\n");
    out.append("|---|---|\n");
    for (String verdict : verdicts) {
      out.append(verdict).append('\n');
    }
    return out.toString();
  }

  private void checkTargets() {
    for (String variant : VARIANTS) {
      double[] direct = jmh.get(key("Direct", "success", variant, false));
      for (String generated : GENERATED) {
        double[] time = jmh.get(key(generated, "success", variant, false));
        double bytes = alloc(generated, "success", variant);
        if (direct == null || time == null) {
          verdict("success path, " + generated + ", " + variant, false, "missing results");
          continue;
        }
        double delta = time[0] - direct[0];
        double error = Math.hypot(finite(time[1]), finite(direct[1]));
        verdict("success path within 1 ns/op of direct and 0 B/op: " + generated + ", " + variant,
            delta <= 1.0 && bytes < ZERO_BYTES,
            String.format(Locale.ROOT, "%+.2f ns/op (%s vs %s), %s", delta, ns(time[0]),
                ns(direct[0]), bytes(bytes)) + noise(Math.abs(delta - 1.0) <= error, error, " ns"));
      }
    }
    for (String variant : VARIANTS) {
      double[] loop = jmh.get(key("HandWrittenLoop", "failOnce", variant, false));
      String bestPeer = null;
      double bestPeerTime = Double.MAX_VALUE;
      for (String peer : PEERS) {
        double[] time = jmh.get(key(peer, "failOnce", variant, false));
        if (time != null && time[0] < bestPeerTime) {
          bestPeerTime = time[0];
          bestPeer = peer;
        }
      }
      for (String generated : GENERATED) {
        double[] time = jmh.get(key(generated, "failOnce", variant, false));
        double bytes = alloc(generated, "failOnce", variant);
        if (loop == null || time == null) {
          verdict("fail-once path, " + generated + ", " + variant, false, "missing results");
          continue;
        }
        double ratio = time[0] / loop[0];
        double error = ratio * Math.hypot(finite(time[1]) / time[0], finite(loop[1]) / loop[0]);
        verdict("fail-once within 1.2x of the hand-written loop and 0 B/op: " + generated + ", "
                + variant,
            ratio <= 1.2 && bytes < ZERO_BYTES,
            String.format(Locale.ROOT, "%.2fx (%s vs %s), %s", ratio, ns(time[0]), ns(loop[0]),
                bytes(bytes)) + noise(Math.abs(ratio - 1.2) <= error, error, "x"));
        verdict("fail-once faster than every peer: " + generated + ", " + variant,
            bestPeer != null && time[0] < bestPeerTime,
            bestPeer == null ? "no peer results"
                : String.format(Locale.ROOT, "%s vs fastest peer %s %s (%.0fx)", ns(time[0]),
                    bestPeer, ns(bestPeerTime), bestPeerTime / time[0]));
      }
    }
    for (String path : PATHS) {
      for (String variant : VARIANTS) {
        double[] time = jmh.get(key("RetrygenTemplate", path, variant, false));
        if (time == null) {
          continue; // a run without the template row
        }
        double bytes = alloc("RetrygenTemplate", path, variant);
        String bestPeer = null;
        double bestPeerTime = Double.MAX_VALUE;
        for (String peer : PEERS) {
          double[] peerTime = jmh.get(key(peer, path, variant, false));
          if (peerTime != null && peerTime[0] < bestPeerTime) {
            bestPeerTime = peerTime[0];
            bestPeer = peer;
          }
        }
        verdict("template: at most its 24 B context and faster than every peer: " + path + ", "
                + variant,
            bytes <= TEMPLATE_CONTEXT_BYTES && bestPeer != null && time[0] < bestPeerTime,
            String.format(Locale.ROOT, "%s, %s; fastest peer %s", ns(time[0]), bytes(bytes),
                bestPeer == null ? "none" : bestPeer + " " + ns(bestPeerTime)));
      }
    }
    for (String variant : VARIANTS) {
      double[] time = jmh.get(key("RetrygenBreaker", "closedSuccess", variant, false));
      double[] direct = jmh.get(key("Direct", "closedSuccess", variant, false));
      double bytes = alloc("RetrygenBreaker", "closedSuccess", variant);
      if (time == null || direct == null) {
        verdict("breaker closed path, RetrygenBreaker, " + variant, false, "missing results");
        continue;
      }
      verdict("breaker closed-state success path 0 B/op: RetrygenBreaker, " + variant,
          bytes < ZERO_BYTES,
          String.format(Locale.ROOT, "%s, %s (%+.1f ns/op vs direct %s)", bytes(bytes),
              ns(time[0]), time[0] - direct[0], ns(direct[0])));
    }
    for (String variant : VARIANTS) {
      checkNoCost("OverridesRetrygen", "RetrygenInterface", "success", variant);
      checkNoCost("OverridesBreaker", "RetrygenBreaker", "closedSuccess", variant);
    }
    String[] empty = coldStart.get("empty");
    for (String label : new String[] {"retrygen-interface", "retrygen-class"}) {
      String[] cold = coldStart.get(label);
      if (empty == null || cold == null) {
        verdict("cold start, " + label, false, "missing results");
        continue;
      }
      double delta = Double.parseDouble(cold[1]) - Double.parseDouble(empty[1]);
      double minDelta = Double.parseDouble(cold[2]) - Double.parseDouble(empty[2]);
      // A program that does more cannot be faster than the empty one: a negative median
      // difference, or median and fastest runs disagreeing, means the machine was too noisy.
      boolean noisy = delta < -5.0 || (delta <= 5.0) != (minDelta <= 5.0);
      verdict("cold start within 5 ms of an empty JVM: " + label, delta <= 5.0,
          String.format(Locale.ROOT, "median %+.1f ms (%s vs %s); fastest runs %+.1f ms (%s vs %s)",
              delta, ms(cold[1]), ms(empty[1]), minDelta, ms(cold[2]), ms(empty[2]))
              + (noisy ? " (inconclusive: the medians are noise on this machine)" : ""));
    }
    String[] handWritten = coldStart.get("hand-written");
    for (String label : new String[] {"retrygen-interface", "retrygen-class"}) {
      String[] cold = coldStart.get(label);
      if (handWritten == null || cold == null) {
        continue;
      }
      double delta = Double.parseDouble(cold[1]) - Double.parseDouble(handWritten[1]);
      double minDelta = Double.parseDouble(cold[2]) - Double.parseDouble(handWritten[2]);
      verdict("cold start added by the library (vs the same program retried by hand): " + label,
          delta <= 5.0,
          String.format(Locale.ROOT, "median %+.1f ms (%s vs %s); fastest runs %+.1f ms (%s vs %s)",
              delta, ms(cold[1]), ms(handWritten[1]), minDelta, ms(cold[2]),
              ms(handWritten[2])));
    }
    String[] runtimeJar = sizes.get("retry-runtime-jar");
    String[] all = sizes.get("retrygen");
    if (runtimeJar != null && all != null) {
      double kib = Long.parseLong(runtimeJar[1]) / 1024.0;
      verdict("runtime jar <= 30 KiB", kib <= 30.0,
          String.format(Locale.ROOT, "retry-runtime %.1f KiB; with retry-annotations %.1f KiB",
              kib, Long.parseLong(all[1]) / 1024.0));
    }
  }

  /**
   * Issue 24's target, when the run has {@code row}: overrides cost nothing on the success path
   * (SPEC §17: they are applied once, into the bound policy), so {@code row} is no slower than
   * {@code baseline} (the same method with default options) beyond the error of the two, and
   * allocates nothing. (The fail-once path is in the table, not a target: its rows differ by
   * more between forks than within one, see the README.)
   */
  private void checkNoCost(String row, String baseline, String path, String variant) {
    double[] time = jmh.get(key(row, path, variant, false));
    if (time == null) {
      return;
    }
    double[] base = jmh.get(key(baseline, path, variant, false));
    double bytes = alloc(row, path, variant);
    if (base == null) {
      verdict("overrides cost nothing on the success path: " + row + ", " + variant, false,
          "missing results for " + baseline);
      return;
    }
    double delta = time[0] - base[0];
    double error = Math.hypot(finite(time[1]), finite(base[1]));
    verdict("overrides cost nothing on the success path (no slower than default options beyond"
            + " the error, 0 B/op): " + row + ", " + path + ", " + variant,
        delta <= error && bytes < ZERO_BYTES,
        String.format(Locale.ROOT, "%+.2f ns/op (%s vs %s, error ±%.2f ns), %s", delta,
            ns(time[0]), ns(base[0]), error, bytes(bytes)));
  }

  /** A note when the difference to the target is within the 99.9% error of the figures. */
  private static String noise(boolean within, double error, String unit) {
    return within
        ? String.format(Locale.ROOT, " (inconclusive: within the error, ±%.2f%s)", error, unit)
        : "";
  }

  private static double finite(double error) {
    return Double.isNaN(error) ? 0.0 : error;
  }

  private void verdict(String target, boolean met, String figures) {
    verdicts.add("| " + target + " | " + (met ? "met" : "**missed**") + ": " + figures + " |");
  }

  private String cell(String benchmark, String path, String variant) {
    if (benchmark == null) {
      return "";
    }
    double[] time = jmh.get(key(benchmark, path, variant, false));
    if (time == null) {
      return "—";
    }
    String error = Double.isNaN(time[1]) ? "" : " ± " + ns(time[1]).replace(" ns", "");
    return ns(time[0]).replace(" ns", "") + error + " ns, " + bytes(alloc(benchmark, path, variant));
  }

  private double alloc(String benchmark, String path, String variant) {
    double[] bytes = jmh.get(key(benchmark, path, variant, true));
    return bytes == null ? Double.NaN : bytes[0];
  }

  private String coldStartCell(String label) {
    if (label == null || coldStart.get(label) == null) {
      return "";
    }
    String median = coldStart.get(label)[1];
    String min = coldStart.get(label)[2];
    if ("empty".equals(label) || coldStart.get("empty") == null) {
      return ms(median) + " (min " + ms(min) + ")";
    }
    double delta = Double.parseDouble(median) - Double.parseDouble(coldStart.get("empty")[1]);
    return String.format(Locale.ROOT, "%s (%+.0f; min %s)", ms(median), delta, ms(min));
  }

  private String jarsCell(String label) {
    String[] size = label == null ? null : sizes.get(label);
    if (size == null) {
      return "";
    }
    double kib = Long.parseLong(size[1]) / 1024.0;
    String amount = kib >= 1024 ? String.format(Locale.ROOT, "%.1f MiB", kib / 1024)
        : String.format(Locale.ROOT, "%.1f KiB", kib);
    return amount + " (" + size[2] + (size[2].equals("1") ? " jar)" : " jars)");
  }

  private static String key(String benchmark, String path, String variant, boolean alloc) {
    // The direct calls, the timeouts, the kill switch and the breaker turned off have no path
    // parameter: measured on the (closed) success path only.
    String pathKey = ("Direct".equals(benchmark) || "AsyncDirect".equals(benchmark)
        || "SuspendDirect".equals(benchmark) || "MonoDirect".equals(benchmark)
        || benchmark.startsWith("Timeout") || "OverridesKillSwitch".equals(benchmark)
        || "OverridesBreakerOff".equals(benchmark))
        && ("success".equals(path) || "closedSuccess".equals(path)) ? "" : path;
    return benchmark + "|" + pathKey + "|" + variant
        + (alloc ? "|alloc" : "");
  }

  private static String ns(double value) {
    if (Double.isNaN(value)) {
      return "?";
    }
    if (value < 10) {
      return String.format(Locale.ROOT, "%.2f ns", value);
    }
    if (value < 100) {
      return String.format(Locale.ROOT, "%.1f ns", value);
    }
    return String.format(Locale.ROOT, "%,.0f ns", value);
  }

  private static String bytes(double value) {
    if (Double.isNaN(value)) {
      return "? B";
    }
    return value < ZERO_BYTES ? "0 B" : String.format(Locale.ROOT, "%,.0f B", value);
  }

  private static String ms(String millis) {
    return String.format(Locale.ROOT, "%.0f ms", Double.parseDouble(millis));
  }

  private void readJmh(Path csv) throws IOException {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String> header = splitCsv(lines.get(0));
    int pathColumn = header.indexOf("Param: path");
    int variantColumn = header.indexOf("Param: variant");
    for (String line : lines.subList(1, lines.size())) {
      List<String> fields = splitCsv(line);
      String name = fields.get(0);
      boolean alloc = name.endsWith(":gc.alloc.rate.norm");
      if (name.contains(":") && !alloc) {
        continue;
      }
      String method = name.contains(":") ? name.substring(0, name.indexOf(':')) : name;
      String[] parts = method.split("\\.");
      String benchmark = parts[parts.length - 2];
      String path = pathColumn < 0 ? "" : fields.get(pathColumn);
      String variant = variantColumn < 0 ? "" : fields.get(variantColumn);
      double score = Double.parseDouble(fields.get(4));
      double error = Double.parseDouble(fields.get(5));
      jmh.put(key(benchmark, path, variant, alloc), new double[] {score, error});
    }
  }

  private static List<String> splitCsv(String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (c == ',' && !quoted) {
        fields.add(field.toString());
        field.setLength(0);
      } else {
        field.append(c);
      }
    }
    fields.add(field.toString());
    return fields;
  }

  private static Map<String, String[]> readTsv(Path tsv) throws IOException {
    Map<String, String[]> rows = new HashMap<>();
    if (Files.exists(tsv)) {
      for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
        if (!line.isEmpty()) {
          String[] fields = line.split("\t");
          rows.put(fields[0], fields);
        }
      }
    }
    return rows;
  }
}
