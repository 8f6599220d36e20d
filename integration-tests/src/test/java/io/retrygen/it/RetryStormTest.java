package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrygen.runtime.RetryBudgets;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The effect a retry budget is for (SPEC §10): 50 callers, each with its own generated instance,
 * make 1000 calls in turn to a dependency; how many attempts reach it, with the usual three
 * attempts per call, without and with the default {@code @RetryBudget}. Whether an attempt fails
 * depends only on (call, attempt), so both runs see the same dependency. Prints the table the
 * README shows.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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

  /** One caller: a generated instance of its own, seen through its {@code fetch}. */
  private interface Caller {
    String fetch(int call) throws IOException;
  }

  private static Run withoutBudget(Outage outage) {
    Dependency dependency = new Dependency(outage);
    return run(dependency, () -> new StormClientRetrying(dependency)::fetch);
  }

  private static Run withBudget(Outage outage) {
    refill();
    Dependency dependency = new Dependency(outage);
    return run(dependency, () -> new BudgetedStormClientRetrying(dependency)::fetch);
  }

  private interface CallerFactory {
    Caller create();
  }

  /** {@code CALLS} calls, made in turn by {@code CALLERS} callers. */
  private static Run run(Dependency dependency, CallerFactory factory) {
    List<Caller> callers = new ArrayList<>();
    for (int i = 0; i < CALLERS; i++) {
      callers.add(factory.create());
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

  /** The budget is process-wide: each run starts with it full, refilled by successes. */
  private static void refill() {
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
  @Order(1)
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
  @Order(2)
  void aRecoveredDependencyGetsItsCallsAndNoMore() {
    Outage firstHalf = (call, attempt) -> call < CALLS / 2;
    Run without = withoutBudget(firstHalf);
    Run with = withBudget(firstHalf);
    row("down for the first 500 calls, then up", without, with);

    assertEquals(3 * 500 + 500, without.attempts);
    assertEquals(3 + 2 + 498 + 500, with.attempts);
    assertEquals(500, with.succeeded);
  }

  @Test
  @Order(3)
  void occasionalFailuresAreStillRetried() {
    // Whether an attempt fails depends on (call, attempt) alone: these counts are fixed.
    assertOccasionalFailures(0.01, 1_009, 1_009, 1_000, 1_000);
    // A failure costs 1 token, nine successes give back 0.9: the bucket drains slowly.
    assertOccasionalFailures(0.1, 1_093, 1_080, 999, 986);
    assertOccasionalFailures(0.5, 1_743, 1_005, 866, 508);
  }

  private static void assertOccasionalFailures(
      double rate, int attemptsWithout, int attemptsWith, int succeededWithout, int succeededWith) {
    Outage random =
        (call, attempt) -> new SplittableRandom(call * 31L + attempt).nextDouble() < rate;
    Run without = withoutBudget(random);
    Run with = withBudget(random);
    row(String.format(Locale.ROOT, "each attempt fails with p = %s", rate), without, with);

    assertEquals(attemptsWithout, without.attempts, "rate " + rate);
    assertEquals(attemptsWith, with.attempts, "rate " + rate);
    assertEquals(succeededWithout, without.succeeded, "rate " + rate);
    assertEquals(succeededWith, with.succeeded, "rate " + rate);
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
