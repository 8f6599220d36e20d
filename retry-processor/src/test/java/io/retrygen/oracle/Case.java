package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * One case of the oracle: a policy and a script. The cases of a seed share a type: its members
 * and one pair of guarded methods per case, each pair with a policy and a script of its own.
 */
final class Case {
  /** Pairs of guarded methods per type: javac's cost is per type more than per method. */
  static final int SLOTS = 4;

  final long seed;
  final int slot;
  final Policy policy;
  final Script script;

  private Case(long seed, int slot, Policy policy, Script script) {
    this.seed = seed;
    this.slot = slot;
    this.policy = policy;
    this.script = script;
  }

  /** The cases of {@code seed}, one per slot of its type. */
  static List<Case> of(long seed) {
    List<Policy> policies = PolicyGenerator.generate(seed, SLOTS);
    List<Case> cases = new ArrayList<>();
    for (int slot = 0; slot < SLOTS; slot++) {
      Policy policy = policies.get(slot);
      Script script = ScriptGenerator.generate(seed * SLOTS + slot, policy);
      cases.add(new Case(seed, slot, policy, script));
    }
    return cases;
  }
}
