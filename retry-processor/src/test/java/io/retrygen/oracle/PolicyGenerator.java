package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Draws valid policies: any combination of the annotations' attributes within the rules the
 * processor enforces at compile time (so every drawn policy compiles), biased towards the small
 * values where the decision order has edges: few attempts, short windows, small budgets, waits
 * near the caps and {@code maxDuration}.
 */
final class PolicyGenerator {
  /** What policies may name; {@code CancellationException} only with its flag. */
  private static final List<Fault> NAMED = named();
  private static final long[] DELAYS = {0, 0, 1, 10, 50, 100, 250, 1000, 2500};
  private static final double[] MULTIPLIERS = {1.5, 2.0, 2.0, 3.0, 10.0};
  private static final double[] JITTERS = {0.1, 0.25, 0.5, 1.0, 0.333};
  private static final double[] RATIOS =
      {0.1, 0.15, 0.2, 0.25, 0.3, 0.333, 0.35, 0.5, 0.55, 0.6, 0.7, 0.75, 0.9, 1.0};
  /** The name {@code recover = "..."} selects. */
  private static final String NAMED_RECOVER = "recoverNamed";
  private static final int[] TOKEN_RATIOS = {1, 50, 100, 250, 333, 500, 1000};
  /**
   * The share of types that declare a {@code suspend} twin of each pair ({@code
   * -Doracle.suspend=0.5}): each guarded method costs compile time, and compiling is most of a run.
   */
  static final double SUSPEND_SHARE = Double.parseDouble(System.getProperty("oracle.suspend", "0.5"));

  /**
   * The share of types that declare a {@code Flow} twin of each pair that can have one ({@code
   * -Doracle.flow=0.3}), drawn from a stream of its own ({@link #flowRandom}).
   */
  static final double FLOW_SHARE = Double.parseDouble(System.getProperty("oracle.flow", "0.3"));

  /**
   * The share of types that declare a {@code Mono} twin of each pair ({@code -Doracle.mono=0.3}),
   * drawn from a stream of its own ({@link #monoRandom}).
   */
  static final double MONO_SHARE = Double.parseDouble(System.getProperty("oracle.mono", "0.3"));

  /**
   * The share of types that declare an RxJava {@code Single} twin of each pair ({@code
   * -Doracle.single=0.2}), drawn from a stream of its own ({@link #singleRandom}).
   */
  static final double SINGLE_SHARE =
      Double.parseDouble(System.getProperty("oracle.single", "0.2"));

  /**
   * The share of pairs with a {@code @Timeout} of their own ({@code -Doracle.timeout=0.35}); a
   * type-level one is drawn for a fifth of that share of the types that may have one.
   */
  static final double TIMEOUT_SHARE =
      Double.parseDouble(System.getProperty("oracle.timeout", "0.35"));
  /**
   * The share of pairs with a retry and no {@code retryOnResult} (a compile error when stateful)
   * that have a stateful twin ({@code -Doracle.stateful=0.25}; SPEC §19, {@link Path#STATEFUL}),
   * drawn from a stream of its own ({@link #statefulRandom}).
   */
  static final double STATEFUL_SHARE =
      Double.parseDouble(System.getProperty("oracle.stateful", "0.25"));
  /** Around the scripts' durations (1, 5, 50, 500, 2000, 10000 ms), equal ones included. */
  private static final long[] TIMEOUTS = {1, 5, 20, 50, 100, 500, 1000, 2000, 5000};

  private final Random random;
  /** The draws of the stateful twins, apart from the others for the same reason. */
  private final Random statefulRandom;
  /** The draws of the {@code @Timeout}s, apart from the others for the same reason. */
  private final Random timeoutRandom;
  /** The draws of the {@code Single} twins and their recover methods, apart from the others. */
  private final Random singleRandom;
  /** The draws of the {@code Mono} twins and their recover methods, apart from the others. */
  private final Random monoRandom;
  /** The draws of the {@code Flow} twins, apart from the others for the same reason. */
  private final Random flowRandom;
  /**
   * The draws of the {@code suspend} twins, apart from {@link #random} so that the other paths'
   * policies stay what they were before the twins existed.
   */
  private final Random suspendRandom;

  private PolicyGenerator(
      Random random, Random suspendRandom, Random flowRandom, Random monoRandom,
      Random singleRandom, Random timeoutRandom, Random statefulRandom) {
    this.statefulRandom = statefulRandom;
    this.timeoutRandom = timeoutRandom;
    this.singleRandom = singleRandom;
    this.monoRandom = monoRandom;
    this.flowRandom = flowRandom;
    this.random = random;
    this.suspendRandom = suspendRandom;
  }

  /**
   * The policies of the {@code slots} pairs of one type, drawn from {@code seed}: the type's
   * members first, then each pair's annotations, which may use them.
   */
  static List<Policy> generate(long seed, int slots) {
    PolicyGenerator generator =
        new PolicyGenerator(random(seed), random(seed ^ 0x5EED_5A5A_C0DE_0021L),
            random(seed ^ 0xF10E_F10E_C0DE_0021L), random(seed ^ 0x0E0E_0E0E_C0DE_0022L),
            random(seed ^ 0x5163_1E00_C0DE_0022L), random(seed ^ 0x7137_0E07_C0DE_0023L),
            random(seed ^ 0x57A7_EF01_C0DE_0024L));
    Policy.Members members = generator.members();
    List<Policy> policies = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      policies.add(generator.policy(members));
    }
    return policies;
  }

  private Policy.Members members() {
    Fault retryIf = chance(0.45) ? pick(NAMED) : null;
    String rejects = chance(0.45) ? pick(Arrays.asList("String", "CharSequence", "Object")) : null;
    List<Fault> delayFor = chance(0.4) ? types(1, 3) : Collections.<Fault>emptyList();
    boolean delayForResult = rejects != null && chance(0.4);
    if (delayForResult && chance(0.3)) {
      delayFor = Collections.emptyList();
    }
    boolean isClass = chance(0.5);
    boolean stage = chance(0.3);
    boolean delayForInt = chance(0.3);
    boolean staticPredicates = chance(0.5);
    List<Policy.RecoverMethod> recovers = recovers();
    boolean suspend = suspendRandom.nextDouble() < SUSPEND_SHARE;
    if (suspend) {
      suspendRecover(recovers);
    }
    boolean flow = flowRandom.nextDouble() < FLOW_SHARE;
    if (flow) {
      flowRecovers(recovers);
    }
    boolean mono = monoRandom.nextDouble() < MONO_SHARE;
    if (mono) {
      publisherRecovers(recovers, monoRandom, Path.MONO, "recoverMono");
    }
    boolean single = singleRandom.nextDouble() < SINGLE_SHARE;
    if (single) {
      publisherRecovers(recovers, singleRandom, Path.SINGLE, "recoverSingle");
    }
    // A type-level @Timeout reaches every overridable method (SPEC §2), instance predicates too:
    // only for types with none, so that only guarded methods carry it.
    boolean instancePredicates = !staticPredicates
        && (retryIf != null || rejects != null || !delayFor.isEmpty() || delayForResult);
    Long typeTimeout = !instancePredicates && timeoutRandom.nextDouble() < TIMEOUT_SHARE / 5
        ? TIMEOUTS[timeoutRandom.nextInt(TIMEOUTS.length)] : null;
    return new Policy.Members(isClass, stage, retryIf, rejects, delayFor,
        delayForResult, delayForInt, staticPredicates, recovers, suspend, flow, mono, single,
        typeTimeout);
  }

  /**
   * Sometimes one or two more recover methods returning {@code Mono<String>} (or {@code
   * Single<String>}: {@code publisher}), which only the twins of that type can call, besides the
   * plain ones they call too (SPEC §15): each with a failure type no other recover method has (or
   * none, if none lacks one), so that no two tie; some named as {@code recover = "..."} selects
   * when the type has such a name (their parameter lists differ from the plain ones' by that
   * type).
   */
  private static void publisherRecovers(
      List<Policy.RecoverMethod> recovers, Random draws, Path publisher, String prefix) {
    if (recovers.size() >= 5 || draws.nextDouble() >= 0.5) {
      return;
    }
    List<Fault> unused = new ArrayList<>(NAMED);
    boolean catchAll = false;
    boolean named = false;
    for (Policy.RecoverMethod recover : recovers) {
      unused.remove(recover.failure);
      catchAll |= recover.failure == null;
      named |= recover.name.equals(NAMED_RECOVER);
    }
    int count = 1 + draws.nextInt(2);
    for (int i = 0; i < count && !unused.isEmpty(); i++) {
      Fault failure = !catchAll && draws.nextDouble() < 0.3 ? null
          : unused.remove(draws.nextInt(unused.size()));
      catchAll |= failure == null;
      String name = named && draws.nextBoolean() ? NAMED_RECOVER : prefix + i;
      recovers.add(new Policy.RecoverMethod(name, failure, draws.nextBoolean(), false,
          false, false, publisher));
    }
  }

  /**
   * A {@code Flow} twin of each plain recover method ({@code recoverNFlow}, its value a flow of
   * one element), which only the flow twins can call; the flow twins never name a recover method,
   * so the twins' names do not matter.
   */
  private static void flowRecovers(List<Policy.RecoverMethod> recovers) {
    List<Policy.RecoverMethod> twins = new ArrayList<>();
    for (Policy.RecoverMethod recover : recovers) {
      if (!recover.returnsFuture && !recover.suspends) {
        twins.add(new Policy.RecoverMethod(recover.name + "Flow", recover.failure,
            recover.takesArg, false, false, true));
      }
    }
    recovers.addAll(twins);
  }

  /**
   * Sometimes one more recover method, a {@code suspend} function, which only the {@code suspend}
   * twins can call: with a failure type no other recover method has (or none, if each has one),
   * so that no two tie; named as {@code recover = "..."} selects when the type has such a name.
   */
  private void suspendRecover(List<Policy.RecoverMethod> recovers) {
    if (recovers.size() >= 4 || suspendRandom.nextDouble() >= 0.45) {
      return;
    }
    List<Fault> unused = new ArrayList<>(NAMED);
    boolean catchAll = false;
    boolean named = false;
    for (Policy.RecoverMethod recover : recovers) {
      unused.remove(recover.failure);
      catchAll |= recover.failure == null;
      named |= recover.name.equals(NAMED_RECOVER);
    }
    Fault failure = !catchAll && suspendRandom.nextDouble() < 0.3 ? null
        : unused.get(suspendRandom.nextInt(unused.size()));
    String name = named && suspendRandom.nextBoolean() ? NAMED_RECOVER : "recoverSuspend";
    recovers.add(new Policy.RecoverMethod(name, failure, suspendRandom.nextBoolean(), false,
        true));
  }

  private Policy policy(Policy.Members members) {
    boolean retries = chance(0.9);
    Policy.Retry retry = retries ? retry(members) : null;
    Policy.Breaker breaker = !retries || chance(0.3) ? breaker() : null;
    Policy.Budget budget = retries && chance(0.3)
        ? new Policy.Budget(chance(0.5), pick(new int[] {1, 2, 3, 4, 5, 10}), pick(TOKEN_RATIOS))
        : null;
    Long timeout = timeoutRandom.nextDouble() < TIMEOUT_SHARE
        ? TIMEOUTS[timeoutRandom.nextInt(TIMEOUTS.length)] : null;
    Policy.StateKey stateful = null;
    if (statefulRandom.nextDouble() < STATEFUL_SHARE && retry != null
        && retry.retryOnResult == null) {
      double kind = statefulRandom.nextDouble();
      stateful = kind < 0.5 ? Policy.StateKey.ARGUMENT
          : kind < 0.85 ? Policy.StateKey.KEY_OF : Policy.StateKey.ONE_KEY;
    }
    return new Policy(retry, breaker, budget, members, timeout, stateful);
  }

  private Policy.Retry retry(Policy.Members members) {
    List<Fault> retryFor = chance(0.4) ? Collections.<Fault>emptyList() : types(1, 4);
    List<Fault> noRetryFor = chance(0.55) ? Collections.<Fault>emptyList() : types(1, 3);
    List<Fault> notRecoverable = chance(0.7) ? Collections.<Fault>emptyList() : types(1, 2);
    int maxAttempts = pick(new int[] {1, 2, 2, 3, 3, 3, 4, 5, 6});
    String retryOnResult = members.rejects != null && chance(0.6) ? members.rejects : null;
    Policy.Backoff backoff = chance(0.25) ? null : backoff(members, retryOnResult != null);
    long delay = backoff == null ? 1000 : backoff.delay;
    long maxDuration = chance(0.6) ? 0 : delay + pick(new long[] {1, 50, 500, 2000, 10000, 60000});
    Fault retryIf = members.retryIf != null && chance(0.6) ? members.retryIf : null;
    List<String> listeners = new ArrayList<>();
    if (chance(0.25)) {
      listeners.add("ann");
      if (chance(0.5)) {
        listeners.add(chance(0.5) ? 0 : 1, "thr");
      }
    }
    boolean named = false;
    for (Policy.RecoverMethod recover : members.recovers) {
      named |= recover.name.equals(NAMED_RECOVER);
    }
    String recoverName = named && chance(0.5) ? NAMED_RECOVER : null;
    String label = chance(0.15) ? "orders.fetch" : null;
    return new Policy.Retry(retryFor, noRetryFor, notRecoverable, maxAttempts, maxDuration,
        backoff, retryIf, retryOnResult, recoverName, label, listeners,
        chance(0.3));
  }

  /**
   * A {@code @Backoff}; it names {@code delayFor} only when the type has overloads and none takes
   * a result the method never rejects (a compile error).
   */
  private Policy.Backoff backoff(Policy.Members members, boolean results) {
    double multiplier = chance(0.5) ? 0 : chance(0.2) ? 1.0 : pick(MULTIPLIERS);
    boolean exponential = multiplier > 1;
    long delay = pick(DELAYS);
    long maxDelay = chance(0.5) ? 0 : delay + pick(new long[] {0, 1, 100, 1000, 5000, 40000});
    if (chance(0.05)) { // above the implicit cap: needs maxDelay when exponential
      delay = 40_000;
      maxDelay = exponential || chance(0.5) ? 40_000 + pick(new long[] {0, 1, 10000}) : 0;
    }
    boolean random = chance(0.2);
    if (random && !exponential && maxDelay <= delay) {
      maxDelay = delay + pick(new long[] {1, 100, 1000});
    }
    double jitter = chance(0.6) ? 0 : pick(JITTERS);
    boolean delayFor = members.hasDelayFor() && (results || !members.delayForResult)
        && chance(0.5);
    return new Policy.Backoff(delay, maxDelay, multiplier, random, jitter,
        delayFor ? members.delayForFailures : Collections.<Fault>emptyList(),
        delayFor && members.delayForResult, chance(0.2));
  }

  private Policy.Breaker breaker() {
    return new Policy.Breaker(
        chance(0.6) ? Collections.<Fault>emptyList() : types(1, 2),
        chance(0.7) ? Collections.<Fault>emptyList() : types(1, 2),
        pick(new int[] {1, 2, 3, 4, 5, 6, 10, 20}),
        pick(RATIOS),
        pick(new long[] {0, 1, 50, 500, 2000, 5000}),
        1 + random.nextInt(3),
        chance(0.5));
  }

  /**
   * Up to four recover methods with distinct failure types (at most one without), so that no two
   * tie; some return the future, so only the asynchronous method may call them. With {@code
   * recover = "name"}, some share that name, one of them returning the value.
   */
  private List<Policy.RecoverMethod> recovers() {
    int count = chance(0.35) ? 0 : 1 + random.nextInt(4);
    List<Fault> failures = new ArrayList<>(types(count, count));
    if (count > 0 && chance(0.5)) {
      failures.set(random.nextInt(count), null);
    }
    boolean named = count > 0 && chance(0.3);
    List<Policy.RecoverMethod> recovers = new ArrayList<>();
    boolean namedValue = false;
    for (int i = 0; i < count; i++) {
      boolean returnsFuture = chance(0.25);
      boolean rename = named && (chance(0.5) || (i == count - 1 && !namedValue));
      if (rename && i == count - 1 && !namedValue) {
        returnsFuture = false;
      }
      namedValue |= rename && !returnsFuture;
      recovers.add(new Policy.RecoverMethod(rename ? NAMED_RECOVER : "recover" + i,
          failures.get(i), chance(0.5), returnsFuture, false));
    }
    return recovers;
  }

  /** {@code min} to {@code max} distinct types. */
  private List<Fault> types(int min, int max) {
    List<Fault> pool = new ArrayList<>(NAMED);
    Collections.shuffle(pool, random);
    return new ArrayList<>(pool.subList(0, min + random.nextInt(max - min + 1)));
  }

  private static List<Fault> named() {
    List<Fault> named = new ArrayList<>();
    named.addAll(Arrays.asList(Fault.values()));
    return Collections.unmodifiableList(named);
  }

  /**
   * A generator for {@code seed}, mixed first (SplitMix64's finalizer): {@code java.util.Random}
   * gives nearly the same first draws for neighbouring seeds, and the seeds of a run are
   * consecutive.
   */
  static Random random(long seed) {
    long z = seed + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return new Random(z ^ (z >>> 31));
  }

  private boolean chance(double probability) {
    return random.nextDouble() < probability;
  }

  private <T> T pick(List<T> values) {
    return values.get(random.nextInt(values.size()));
  }

  private int pick(int[] values) {
    return values[random.nextInt(values.length)];
  }

  private long pick(long[] values) {
    return values[random.nextInt(values.length)];
  }

  private double pick(double[] values) {
    return values[random.nextInt(values.length)];
  }
}
