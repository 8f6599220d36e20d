package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Draws run-time overrides for the pairs of a type ({@link Overrides}), from a stream of their own
 * so that the policies and scripts of the other cases stay what they were: for a share of the
 * pairs, any subset of the attributes that apply to the pair, with values the annotations' rules
 * allow on what the method ends up with ({@link ModelOverrides#brokenRule}); for a fifth of that
 * share of the types, the kill switch in the options of all their instances; and for a tenth of
 * the pairs with overrides, one value that breaks a rule, checked on its own.
 */
final class OverrideGenerator {
  /** The share of pairs with overrides ({@code -Doracle.overrides=0.3}). */
  static final double SHARE = Double.parseDouble(System.getProperty("oracle.overrides", "0.3"));
  /** Redraws of a pair's values before it goes without (few are needed: see the draws). */
  private static final int TRIES = 20;
  private static final long[] DELAYS = {0, 1, 10, 50, 100, 250, 1000, 2500};
  private static final String[] MULTIPLIERS = {"0", "1.0", "1.5", "2.0", "3.0"};
  private static final String[] JITTERS = {"0", "0.1", "0.25", "0.5", "1.0"};
  private static final String[] FAILURE_RATIOS = {"0.1", "0.25", "0.5", "0.75", "1.0"};
  private static final String[] TOKEN_RATIOS = {"0.001", "0.05", "0.1", "0.25", "0.5", "1.0"};

  private final Random random;

  private OverrideGenerator(Random random) {
    this.random = random;
  }

  /** The overrides of each of {@code policies}, the pairs of the type of {@code seed}. */
  static List<Overrides> generate(long seed, List<Policy> policies) {
    OverrideGenerator generator =
        new OverrideGenerator(PolicyGenerator.random(seed ^ 0x0FE2_41DE_C0DE_0024L));
    String enabled = generator.chance(SHARE / 5) ? "false"
        : generator.chance(SHARE / 10) ? "true" : null;
    List<Overrides> overrides = new ArrayList<>();
    for (Policy policy : policies) {
      overrides.add(generator.pair(policy, enabled));
    }
    return overrides;
  }

  private Overrides pair(Policy policy, String enabled) {
    if (!chance(SHARE)) {
      return new Overrides(Collections.<String, String>emptyMap(), enabled, false, null);
    }
    Map<String, String> values = Collections.emptyMap();
    for (int i = 0; i < TRIES; i++) {
      Map<String, String> drawn = values(policy);
      if (ModelOverrides.brokenRule(policy, drawn) == null) {
        values = drawn;
        break;
      }
    }
    Overrides.Invalid invalid = chance(0.1) ? invalid(policy) : null;
    return new Overrides(values, enabled, chance(0.2), invalid);
  }

  /**
   * A subset of the attributes that apply, each value drawn from what the earlier ones made of
   * the method (a {@code maxDelay} and {@code maxDuration} above the delay it then has), so that
   * most draws keep the rules.
   */
  private Map<String, String> values(Policy policy) {
    Map<String, String> values = new TreeMap<>();
    Policy.Retry retry = policy.retry;
    if (retry != null) {
      Policy.Backoff backoff = retry.backoff;
      if (chance(0.25)) {
        values.put("retry.multiplier", pick(MULTIPLIERS));
      }
      long delay = backoff == null ? 1000 : backoff.delay;
      if (chance(0.3)) {
        delay = pick(DELAYS);
        values.put("retry.delay", Long.toString(delay));
      }
      if (chance(0.3)) {
        boolean randomFixed = backoff != null && backoff.random
            && Double.parseDouble(values.getOrDefault("retry.multiplier",
                Double.toString(backoff.multiplier))) <= 1;
        long above = randomFixed ? pick(new long[] {1, 100, 1000})
            : pick(new long[] {0, 1, 100, 1000, 40000});
        long maxDelay = chance(0.2) && !randomFixed ? 0 : delay + above;
        values.put("retry.maxDelay", Long.toString(maxDelay));
      }
      if (chance(0.2)) {
        values.put("retry.jitter", pick(JITTERS));
      }
      if (chance(0.25)) {
        values.put("retry.maxDuration", Long.toString(chance(0.25) ? 0
            : delay + pick(new long[] {1, 50, 500, 2000, 10000})));
      }
      if (chance(0.35)) {
        values.put("retry.maxAttempts", Long.toString(pick(new long[] {1, 2, 3, 4, 5, 7})));
      }
      if (chance(0.12)) {
        values.put("retry.enabled", chance(0.7) ? "false" : "true");
      }
    }
    if (policy.breaker != null) {
      if (chance(0.3)) {
        values.put("circuitbreaker.requestVolumeThreshold",
            Long.toString(pick(new long[] {1, 2, 3, 5, 10})));
      }
      if (chance(0.3)) {
        values.put("circuitbreaker.failureRatio", pick(FAILURE_RATIOS));
      }
      if (chance(0.3)) {
        values.put("circuitbreaker.delay", Long.toString(pick(new long[] {0, 1, 50, 500, 5000})));
      }
      if (chance(0.3)) {
        values.put("circuitbreaker.successThreshold", Long.toString(1 + random.nextInt(3)));
      }
      if (chance(0.15)) {
        values.put("circuitbreaker.enabled", chance(0.7) ? "false" : "true");
      }
    }
    if (policy.budget != null) {
      if (chance(0.4)) {
        values.put("budget.maxTokens", Long.toString(pick(new long[] {1, 2, 3, 5, 10, 1000})));
      }
      if (chance(0.4)) {
        values.put("budget.tokenRatio", pick(TOKEN_RATIOS));
      }
    }
    // A key for a timeout the method lacks names nothing: drawn now and then to show it.
    boolean timed = policy.timeout != null || policy.members.typeTimeout != null;
    if (chance(timed ? 0.4 : 0.05)) {
      values.put("timeout.value", Long.toString(pick(new long[] {1, 5, 20, 50, 100, 500, 2000})));
    }
    return values;
  }

  /**
   * One value that breaks a rule of the pair's policies on its own: the bounds every value has,
   * and those the method's other values set (a delay at {@code maxDuration}, above {@code
   * maxDelay} or the implicit cap...), each kept only if it does break one.
   */
  private Overrides.Invalid invalid(Policy policy) {
    List<String[]> candidates = new ArrayList<>();
    Policy.Retry retry = policy.retry;
    if (retry != null) {
      Policy.Backoff backoff = retry.backoff;
      long delay = backoff == null ? 1000 : backoff.delay;
      long maxDelay = backoff == null ? 0 : backoff.maxDelay;
      add(candidates, "retry.maxAttempts", "0", "-1");
      add(candidates, "retry.maxDuration", "-1", Long.toString(delay));
      add(candidates, "retry.delay", "-5", Long.toString(maxDelay + 1), "30001",
          Long.toString(retry.maxDuration));
      add(candidates, "retry.maxDelay", "-1", Long.toString(delay - 1), Long.toString(delay));
      add(candidates, "retry.multiplier", "0.5", "-2.0");
      add(candidates, "retry.jitter", "1.5", "-0.25");
    }
    if (policy.breaker != null) {
      add(candidates, "circuitbreaker.requestVolumeThreshold", "0", "-3");
      add(candidates, "circuitbreaker.failureRatio", "0", "1.5");
      add(candidates, "circuitbreaker.delay", "-1");
      add(candidates, "circuitbreaker.successThreshold", "0");
    }
    if (policy.budget != null) {
      add(candidates, "budget.maxTokens", "0", "1001");
      add(candidates, "budget.tokenRatio", "0", "1.5", "0.0005");
    }
    add(candidates, "timeout.value", "0", "-10");
    List<String[]> breaking = new ArrayList<>();
    for (String[] candidate : candidates) {
      if (ModelOverrides.brokenRule(policy, Collections.singletonMap(candidate[0], candidate[1]))
          != null) {
        breaking.add(candidate);
      }
    }
    if (breaking.isEmpty()) {
      return null;
    }
    String[] chosen = breaking.get(random.nextInt(breaking.size()));
    List<Path> paths = new ArrayList<>();
    for (Path path : Runner.paths(policy)) {
      if (!path.template && (!chosen[0].startsWith("timeout.") || policy.timeoutMillis(path) > 0)) {
        paths.add(path);
      }
    }
    return new Overrides.Invalid(chosen[0], chosen[1], paths.get(random.nextInt(paths.size())));
  }

  private static void add(List<String[]> candidates, String attribute, String... values) {
    for (String value : values) {
      candidates.add(new String[] {attribute, value});
    }
  }

  private boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  private String pick(String[] values) {
    return values[random.nextInt(values.length)];
  }

  private long pick(long[] values) {
    return values[random.nextInt(values.length)];
  }
}
