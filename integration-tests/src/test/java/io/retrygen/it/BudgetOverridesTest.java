package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.GiveUpReason;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.Test;

/**
 * The {@code retrygen.budget.<name>.*} overrides (SPEC §17): a budget is created with them by the
 * first instance bound to it. Budgets cannot be forgotten, so each test owns one (see {@link
 * BudgetKnobs}).
 */
class BudgetOverridesTest {
  private static final double EXACT = 0.0;

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private PolicyOverrides overrides;
  private int calls;

  private RetryOptions options(String... keysAndValues) {
    overrides = RetryOverridesTest.overrides(keysAndValues);
    return RetryOptions.builder()
        .sleeper(clock)
        .ticker(clock)
        .listener(listener)
        .overrides(overrides)
        .build();
  }

  private String failing() throws IOException {
    calls++;
    throw new IOException("down");
  }

  private String succeeding() {
    calls++;
    return "ok";
  }

  @Test
  void maxTokens() {
    BudgetKnobs.Tokens client =
        new BudgetKnobs_TokensRetrying(
            this::failing, options("retrygen.budget.it.overrides.tokens.maxTokens", "4"));

    assertEquals(4.0, RetryBudgets.tokens(BudgetKnobs.Tokens.BUDGET), EXACT, "created full");
    assertThrows(IOException.class, client::call);

    // 4 -> 3 allows a retry (more than half of 4 is left), 3 -> 2 does not. Compiled: 5 attempts.
    assertEquals(2, calls);
    assertEquals(2.0, RetryBudgets.tokens(BudgetKnobs.Tokens.BUDGET), EXACT);
    assertEquals(GiveUpReason.BUDGET_EXHAUSTED, listener.events().get(1).reason());
    assertEquals(
        "BudgetKnobs.Tokens.call: retry maxAttempts=10, maxDuration=0, delay=0, maxDelay=0,"
            + " multiplier=0.0, jitter=0.0, random=false; budget it.overrides.tokens"
            + " maxTokens=4 (override), tokenRatio=0.1",
        overrides.describe("BudgetKnobs.Tokens.call"));
  }

  @Test
  void tokenRatio() throws IOException {
    PolicyOverrides given = RetryOverridesTest.overrides(
        "retrygen.budget.it.overrides.ratio.tokenRatio", "0.5");
    boolean[] fail = {true};
    BudgetKnobs.Ratio client =
        new BudgetKnobs_RatioRetrying(
            () -> fail[0] ? failing() : succeeding(),
            RetryOptions.builder().sleeper(clock).ticker(clock).overrides(given).build());

    assertThrows(IOException.class, client::call);
    assertEquals(5, calls, "10 -> 9, 8, 7, 6 allow retries, 5 does not");
    assertEquals(5.0, RetryBudgets.tokens(BudgetKnobs.Ratio.BUDGET), EXACT);

    fail[0] = false;
    assertEquals("ok", client.call());
    assertEquals(5.5, RetryBudgets.tokens(BudgetKnobs.Ratio.BUDGET), EXACT, "compiled: 5.1");
    assertEquals("ok", client.call());
    assertEquals(6.0, RetryBudgets.tokens(BudgetKnobs.Ratio.BUDGET), EXACT);
  }

  @Test
  void anUnnamedTypeLevelBudgetIsNamedAfterItsTypeInKebabCase() throws IOException {
    boolean[] fail = {true};
    BudgetKnobs.Unnamed client =
        new BudgetKnobs_UnnamedRetrying(
            () -> fail[0] ? failing() : succeeding(),
            options(
                "retrygen.budget.BudgetKnobs.Unnamed.max-tokens", "2",
                "retrygen.budget.BudgetKnobs.Unnamed.token-ratio", "1"));

    assertEquals(2.0, RetryBudgets.tokens("BudgetKnobs.Unnamed"), EXACT);
    assertThrows(IOException.class, client::call);
    assertEquals(1, calls, "2 -> 1 is not more than half of 2: no retry");
    assertEquals(1.0, RetryBudgets.tokens("BudgetKnobs.Unnamed"), EXACT);

    fail[0] = false;
    client.call();
    assertEquals(2.0, RetryBudgets.tokens("BudgetKnobs.Unnamed"), EXACT, "one token back");
    assertEquals(Collections.emptySet(), overrides.unusedKeys());
  }
}
