package io.retrygen.oracle;

import java.util.HashMap;
import java.util.Map;

/**
 * The state of a stateful method's keys as the contract describes it (SPEC §19), across the calls
 * of one run: per key, the failures counted, when its first attempt started, and the failure that
 * exhausted it (null while it may still be retried). A key without state has none of these. The
 * run's keys are few (the cache's bound of 4096 is tested elsewhere), and its label is its own, so
 * every run starts with no state.
 */
final class ModelKeys {
  /** What the calls with one key have counted. */
  static final class State {
    /** When the first attempt of the key started (ns of the model's clock). */
    final long start;
    int failures;
    /** The failure that ended the key's retries; null while they go on. */
    ModelFailure exhausted;

    State(long start) {
      this.start = start;
    }
  }

  private final Policy.StateKey stateKey;
  private final Path path;
  private final Map<String, State> states = new HashMap<>();

  ModelKeys(Policy.StateKey stateKey, Path path) {
    this.stateKey = stateKey;
    this.path = path;
  }

  /**
   * The key of {@code call}, whose argument is {@code arg}: on the generated method, the one
   * argument itself, or what {@code keyOf(arg)} returns (its key part; a call traced), or the one
   * key {@code oneKey()} returns for every call (traced); on the template, the {@code RetryState}'s
   * key, the key part of the argument.
   */
  String keyOf(Script.Call call, String arg, Trace trace) {
    if (path == Path.STATEFUL && stateKey == Policy.StateKey.ARGUMENT) {
      return arg;
    }
    if (path == Path.STATEFUL && stateKey == Policy.StateKey.ONE_KEY) {
      trace.predicate("oneKey", "()", "one");
      return "one";
    }
    String key = "k" + call.key;
    if (path == Path.STATEFUL) {
      trace.predicate("keyOf", arg, key);
    }
    return key;
  }

  /** The state of {@code key}; null for none. */
  State state(String key) {
    return states.get(key);
  }

  /** The state of {@code key}'s first counted failure, whose attempt started at {@code start}. */
  State create(String key, long start) {
    State state = new State(start);
    states.put(key, state);
    return state;
  }

  /** Forgets {@code key}; whether it had state. */
  boolean forget(String key) {
    return states.remove(key) != null;
  }
}
