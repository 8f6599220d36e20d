package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * One case of the oracle: a policy, the run-time overrides its instances are built with, and a
 * script. The cases of a seed share a type: its members and one pair of guarded methods per case,
 * each pair with a policy, overrides and a script of its own.
 */
final class Case {
  /** Pairs of guarded methods per type: javac's cost is per type more than per method. */
  static final int SLOTS = 4;

  final long seed;
  final int slot;
  final Policy policy;
  /** {@linkplain Overrides#isEmpty() Empty} for most cases. */
  final Overrides overrides;
  final Script script;
  /** The calls with keys of the stateful paths (SPEC §19); null when the pair has none. */
  final Script statefulScript;

  private Case(long seed, int slot, Policy policy, Overrides overrides, Script script,
      Script statefulScript) {
    this.statefulScript = statefulScript;
    this.seed = seed;
    this.slot = slot;
    this.policy = policy;
    this.overrides = overrides;
    this.script = script;
  }

  /**
   * The cases of {@code seed}, one per slot of its type. A script is drawn for what the overrides
   * make of the policy (so that it has attempts enough for an overridden {@code maxAttempts}),
   * switches aside: a breaker the kill switch turns off still gets the calls to show it.
   */
  static List<Case> of(long seed) {
    List<Policy> policies = PolicyGenerator.generate(seed, SLOTS);
    List<Overrides> overrides = OverrideGenerator.generate(seed, policies);
    List<Case> cases = new ArrayList<>();
    for (int slot = 0; slot < SLOTS; slot++) {
      Policy policy = policies.get(slot);
      Overrides given = overrides.get(slot);
      Policy overridden = ModelOverrides.overridden(policy, given.values);
      Script script = ScriptGenerator.generate(seed * SLOTS + slot, overridden);
      Script stateful = policy.stateful == null ? null
          : ScriptGenerator.generateStateful(seed * SLOTS + slot, overridden);
      cases.add(new Case(seed, slot, policy, given, script, stateful));
    }
    return cases;
  }

  /** The script run on {@code path}: the stateful one on a stateful path. */
  Script script(Path path) {
    return path.stateful ? statefulScript : script;
  }

  /** This case with other overrides, for the shrinker. */
  Case with(Overrides fewer) {
    return new Case(seed, slot, policy, fewer, script, statefulScript);
  }
}
