package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Draws outcome scripts for a policy: enough calls to fill a breaker's window or drain a budget
 * when the policy has one, and for each call invocations that fail with types the policy names
 * (or their subtypes, or others), results its predicate rejects, predicates that throw, slow and
 * interrupted waits, and interrupts set during an attempt.
 */
final class ScriptGenerator {
  private static final long[] GAPS = {1, 10, 100, 1000, 5000, 30000};
  private static final long[] DURATIONS = {1, 5, 50, 500, 2000, 10000};
  private static final long[] EXTRAS = {1, 10, 100, 1000, 10000};
  private static final long[] DELAY_FOR =
      {-1, -1, -5, 0, 1, 100, 999, 5000, 29999, 30000, 30001, 60000};
  private static final Fault[] USER_FAILURES =
      {Fault.UNCHECKED_A, Fault.CHECKED_B, Fault.ERROR_A, Fault.ILLEGAL_STATE};

  private final Random random;
  private final Policy policy;
  private final List<Fault> thrown = new ArrayList<>();
  private final List<Fault> named = new ArrayList<>();

  private ScriptGenerator(Random random, Policy policy) {
    this.random = random;
    this.policy = policy;
    for (Fault fault : Fault.values()) {
      if (fault.thrown) {
        thrown.add(fault);
      }
    }
    if (policy.retry != null) {
      named.addAll(policy.retry.retryFor);
      named.addAll(policy.retry.noRetryFor);
      named.addAll(policy.retry.notRecoverable);
      named.addAll(policy.retry.delayForFailures());
      if (policy.retry.retryIf != null) {
        named.add(policy.retry.retryIf);
      }
    }
    for (Policy.RecoverMethod recover : policy.recovers()) {
      if (recover.failure != null) {
        named.add(recover.failure);
      }
    }
    if (policy.breaker != null) {
      named.addAll(policy.breaker.failOn);
      named.addAll(policy.breaker.skipOn);
    }
  }

  static Script generate(long seed, Policy policy) {
    return new ScriptGenerator(PolicyGenerator.random(~seed), policy).script();
  }

  /**
   * A stateful script for {@code policy} (SPEC §19, {@link Path#STATEFUL}): calls with 1 to 3
   * keys, interleaved, enough of them to run a key's attempts out and call it once more; each
   * call one invocation, mostly failing, and at most one wait.
   */
  static Script generateStateful(long seed, Policy policy) {
    return new ScriptGenerator(PolicyGenerator.random(seed ^ 0x57A7_EF01_5C21_0024L), policy)
        .statefulScript();
  }

  private Script statefulScript() {
    int keys = 1 + random.nextInt(3);
    int maxAttempts = policy.retry.maxAttempts;
    int calls = 2 + random.nextInt(Math.min(24, (maxAttempts + 1) * keys + 3));
    List<Script.Call> list = new ArrayList<>();
    int key = 1 + random.nextInt(keys);
    for (int i = 0; i < calls; i++) {
      if (chance(0.5)) {
        key = 1 + random.nextInt(keys);
      }
      List<Script.Attempt> attempts = new ArrayList<>();
      if (chance(0.9)) {
        attempts.add(attempt(0.75));
      }
      List<Script.Wait> waits = new ArrayList<>();
      if (chance(0.5)) {
        waits.add(waitFor());
      }
      list.add(new Script.Call(chance(0.5) ? 0 : pick(GAPS), chance(0.2), chance(0.04),
          attempts, waits, chance(0.8), chance(0.7) ? -1 : pick(new long[] {0, 10, 100, 40000}),
          chance(0.1), key, chance(0.08)));
    }
    List<Double> draws = new ArrayList<>();
    int count = 1 + random.nextInt(4);
    for (int i = 0; i < count; i++) {
      draws.add(pick(new double[] {0.0, 0.5, 0.999, 0.25, random.nextDouble()}));
    }
    return new Script(list, draws, chance(0.85));
  }

  private Script script() {
    int calls = policy.breaker != null ? 2 + random.nextInt(13)
        : policy.budget != null ? 2 + random.nextInt(7) : 1 + random.nextInt(4);
    List<Script.Call> list = new ArrayList<>();
    for (int i = 0; i < calls; i++) {
      list.add(call());
    }
    List<Double> draws = new ArrayList<>();
    int count = 1 + random.nextInt(4);
    for (int i = 0; i < count; i++) {
      draws.add(pick(new double[] {0.0, 0.5, 0.999, 0.25, random.nextDouble()}));
    }
    return new Script(list, draws, chance(0.85));
  }

  private Script.Call call() {
    int maxAttempts = policy.retry == null ? 1 : policy.retry.maxAttempts;
    int count = random.nextInt(maxAttempts + 2);
    List<Script.Attempt> attempts = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      attempts.add(attempt());
    }
    List<Script.Wait> waits = new ArrayList<>();
    int waitCount = random.nextInt(count + 1);
    for (int i = 0; i < waitCount; i++) {
      waits.add(waitFor());
    }
    // Breakers are shared by name, an unnamed one by its label: a new instance shares them too.
    boolean newInstance = chance(0.25);
    return new Script.Call(chance(0.5) ? 0 : pick(GAPS), newInstance, chance(0.04), attempts,
        waits,
        chance(0.8), chance(0.7) ? -1 : pick(new long[] {0, 10, 100, 40000}), chance(0.1));
  }

  private Script.Attempt attempt() {
    return attempt(0.65);
  }

  private Script.Attempt attempt(double failing) {
    boolean fails = chance(failing);
    Fault failure = null;
    if (fails) {
      failure = !named.isEmpty() && chance(0.5) ? thrownNear(pick(named)) : pick(thrown);
    }
    boolean hasDelayFor = policy.retry != null && policy.retry.backoff != null
        && policy.retry.backoff.hasDelayFor();
    return new Script.Attempt(
        failure,
        fails && chance(0.2) ? pick(thrown) : null,
        chance(0.5),
        chance(0.75),
        chance(0.05),
        hasDelayFor ? pick(DELAY_FOR) : -1,
        hasDelayFor && chance(0.04),
        USER_FAILURES[random.nextInt(USER_FAILURES.length)],
        chance(0.6) ? 0 : pick(DURATIONS),
        chance(0.05),
        Script.Form.values()[random.nextInt(Script.Form.values().length)]);
  }

  /** A type a script may throw that is {@code fault} or one of its subtypes, else any. */
  private Fault thrownNear(Fault fault) {
    List<Fault> near = new ArrayList<>();
    for (Fault candidate : thrown) {
      if (fault.covers(candidate)) {
        near.add(candidate);
      }
    }
    return near.isEmpty() ? pick(thrown) : pick(near);
  }

  private Script.Wait waitFor() {
    double kind = random.nextDouble();
    if (kind < 0.7) {
      return Script.Wait.NORMAL;
    }
    if (kind < 0.85) {
      return new Script.Wait(Script.WaitKind.SLOW, pick(EXTRAS));
    }
    if (kind < 0.93) {
      return new Script.Wait(Script.WaitKind.INTERRUPTED, pick(new long[] {0, 1, 100}));
    }
    return new Script.Wait(Script.WaitKind.THROWS, 0);
  }

  private boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  private long pick(long[] values) {
    return values[random.nextInt(values.length)];
  }

  private double pick(double[] values) {
    return values[random.nextInt(values.length)];
  }
}
