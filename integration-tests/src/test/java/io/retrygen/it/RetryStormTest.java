package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The effect a retry budget is for (SPEC §10): 50 callers, each with its own generated instance,
 * make 1000 calls in turn to a dependency; how many attempts reach it, with the usual three
 * attempts per call, without and with the default {@code @RetryBudget}. Whether an attempt fails
 * depends only on (call, attempt), so both runs see the same dependency. Prints the table the
 * README shows.
 */
class RetryStormTest {
  private static final int CALLERS = 50;
  private static final int CALLS = 1000;
  private static final List<String> TABLE = new ArrayList<>();

  /** Whether attempt {@code attempt} of call {@code call} fails. */
  private interface Outage {
    boolean fails(int call, int attempt);
  }

  /** A dependency that counts the attempts it receives. */
  private static final class Dependency implements StormClient, BudgetedStormClient {
    private final Outage outage;
    private final int[] attemptsOfCall = new int[CALLS];
    int attempts;

    Dependency(Outage outage) {
      this.outage = outage;
    }

    @Override
    public String fetch(int call) throws IOException {
      attempts++;
      if (outage.fails(call, ++attemptsOfCall[call])) {
        throw new IOException("unavailable");
      }
      return "ok";
    }
  }

  private static final class Run {
    int attempts;
    int succeeded;
  }

  private static Run withoutBudget(Outage outage) {
    Dependency dependency = new Dependency(outage);
    List<StormClient> callers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      callers.add(new StormClientRetrying(dependency, RetryOptions.defaults()));
    }
    Run run = new Run();
    for (int call = 0; call < CALLS; call++) {
      try {
        callers.get(call % CALLERS).fetch(call);
        run.succeeded++;
      } catch (IOException e) {
        // gave up
      }
    }
    run.attempts = dependency.attempts;
    return run;
  }

  private static Run withBudget(Outage outage) {
    Dependency dependency = new Dependency(outage);
    List<BudgetedStormClient> callers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      callers.add(new BudgetedStormClientRetrying(dependency, RetryOptions.defaults()));
    }
    refill(callers.get(0));
    Run run = new Run();
    for (int call = 0; call < CALLS; call++) {
      try {
        callers.get(call % CALLERS).fetch(call);
        run.succeeded++;
      } catch (IOException e) {
        // gave up
      }
    }
    run.attempts = dependency.attempts;
    return run;
  }

  /** The budget is process-wide: each run starts with it full, refilled by successes. */
  private static void refill(BudgetedStormClient caller) {
    BudgetedStormClient healthy = new BudgetedStormClientRetrying(call -> "ok");
    while (RetryBudgets.tokens(BudgetedStormClient.BUDGET) < 10.0) {
      try {
        healthy.fetch(0);
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }
  }

  private static void row(String scenario, Run without, Run with) {
    TABLE.add(
        String.format(
            Locale.ROOT,
            "| %s | %,d (%.2f×) | %,d (%.2f×) | %,d | %,d |",
            scenario,
            without.attempts, without.attempts / (double) CALLS,
            with.attempts, with.attempts / (double) CALLS,
            without.succeeded, with.succeeded));
  }

  @Test
  void aDependencyThatIsDownGetsAlmostNoRetries() {
    Outage down = (call, attempt) -> true;
    Run without = withoutBudget(down);
    Run with = withBudget(down);
    row("down for all 1,000 calls", without, with);

    assertEquals(3 * CALLS, without.attempts);
    // 10 -> 9, 8, 7 (call 1: three attempts), 7 -> 6, 5 (call 2: refused at 5), then one each.
    assertEquals(3 + 2 + (CALLS - 2), with.attempts);
    assertEquals(0, with.succeeded);
  }

  @Test
  void retriesResumeOnceTheDependencyRecovers() {
    Outage firstHalf = (call, attempt) -> call < CALLS / 2;
    Run without = withoutBudget(firstHalf);
    Run with = withBudget(firstHalf);
    row("down for the first 500 calls, then up", without, with);

    assertEquals(3 * 500 + 500, without.attempts);
    assertEquals(3 + 2 + 498 + 500, with.attempts);
    assertEquals(500, with.succeeded);
  }

  @Test
  void occasionalFailuresAreStillRetried() {
    for (double rate : new double[] {0.01, 0.1, 0.5}) {
      Outage random =
          (call, attempt) -> new SplittableRandom(call * 31L + attempt).nextDouble() < rate;
      Run without = withoutBudget(random);
      Run with = withBudget(random);
      row(String.format(Locale.ROOT, "each attempt fails with p = %s", rate), without, with);

      assertTrue(with.attempts <= without.attempts);
      if (rate <= 0.01) {
        // A healthy dependency keeps the bucket full: the budget changes nothing. (At p = 0.1 a
        // failing attempt costs 1 token and nine successes give back 0.9: the bucket drains slowly
        // and a few retries are refused, which the README's table shows.)
        assertEquals(without.attempts, with.attempts, "rate " + rate);
        assertEquals(without.succeeded, with.succeeded, "rate " + rate);
      }
    }
  }

  @AfterAll
  static void printTable() {
    System.out.println(
        "| scenario (50 callers, 1,000 calls, maxAttempts = 3) | attempts without budget"
            + " | attempts with @RetryBudget | succeeded without | succeeded with |");
    System.out.println("|---|--:|--:|--:|--:|");
    for (String row : TABLE) {
      System.out.println(row);
    }
  }
}
