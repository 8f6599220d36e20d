package io.retrygen.oracle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Map;

/**
 * Shrinks the script of a mismatch: tries shorter and simpler scripts (fewer calls, invocations,
 * waits and stateful keys, then plain outcomes: no duration, no interrupt, no throwing predicate, a completed
 * future) and keeps each that still makes a difference, until none does; then the overrides, one
 * attribute (or the kill switch) left out at a time. Every try runs on a fresh compiled copy of
 * the policy, so that no budget or breaker state carries over.
 */
final class Shrinker {
  /** Copies compiled at a time. */
  private static final int COPIES = 32;
  /** Tries at most: shrinking must end even when every step helps. */
  private static final int MAX_TRIES = 600;

  /** The case, with the overrides left so far. */
  private Case of;
  private final Path path;
  private final Deque<Names> copies = new ArrayDeque<>();
  private ClassLoader loader;
  /** The names of the copies compiled last; null before. */
  private List<Names> compiled;
  /** The override keys the instances of the copies' type are given: those of every copy. */
  private Map<String, String> copiesKeys;
  private int tries;

  private Shrinker(Case of, Path path) {
    this.of = of;
    this.path = path;
  }

  /** What shrinking found. */
  static final class Shrunk {
    /** The smallest mismatch; {@code found} itself when it did not recur. */
    final Oracle.Mismatch mismatch;
    final int tries;
    /**
     * Whether the script made a difference on a fresh copy too: if not, the difference depends on
     * what ran before it in the JVM (another path or case of the same type, a shared name).
     */
    final boolean recurred;

    Shrunk(Oracle.Mismatch mismatch, int tries, boolean recurred) {
      this.mismatch = mismatch;
      this.tries = tries;
      this.recurred = recurred;
    }
  }

  /** The smallest mismatch found from {@code found}. */
  static Shrunk shrink(Oracle.Mismatch found) {
    Shrinker shrinker = new Shrinker(found.of, found.path);
    Oracle.Mismatch best = shrinker.retry(found.script);
    if (best == null) {
      return new Shrunk(found, shrinker.tries, false);
    }
    boolean progress = true;
    while (progress && shrinker.tries < MAX_TRIES) {
      progress = false;
      for (Script candidate : candidates(best.script)) {
        if (shrinker.tries >= MAX_TRIES) {
          break;
        }
        Oracle.Mismatch smaller = shrinker.retry(candidate);
        if (smaller != null) {
          best = smaller;
          progress = true;
          break;
        }
      }
    }
    progress = true;
    while (progress && shrinker.tries < MAX_TRIES) {
      progress = false;
      for (Overrides fewer : candidates(shrinker.of.overrides)) {
        Case kept = shrinker.of;
        shrinker.use(kept.with(fewer));
        Oracle.Mismatch smaller = shrinker.retry(best.script);
        if (smaller != null) {
          best = smaller;
          progress = true;
          break;
        }
        shrinker.use(kept);
        if (shrinker.tries >= MAX_TRIES) {
          break;
        }
      }
    }
    return new Shrunk(best, shrinker.tries, true);
  }

  /** Shrinks with {@code fewer} overrides from now on: on copies built with them. */
  private void use(Case fewer) {
    of = fewer;
    if (of.policy.budget != null) {
      // Building one copy binds and creates the budgets of all, with the overrides of then. (A
      // breaker is created by its first call, and each copy's is called by its own run alone.)
      copies.clear();
    } else if (compiled != null) {
      copiesKeys = Overrides.ofType(Collections.nCopies(COPIES, of), compiled);
    }
  }

  /** The overrides with one attribute left out, or the type's {@code retrygen.enabled}. */
  private static List<Overrides> candidates(Overrides overrides) {
    List<Overrides> candidates = new ArrayList<>();
    if (overrides.enabled != null) {
      candidates.add(overrides.without(null));
    }
    for (String attribute : overrides.values.keySet()) {
      candidates.add(overrides.without(attribute));
    }
    return candidates;
  }

  private Oracle.Mismatch retry(Script script) {
    tries++;
    Names names;
    if (path.template) {
      names = PolicyCompiler.freshNames(1).get(0);
      copiesKeys =
          Overrides.ofType(Collections.singletonList(of), Collections.singletonList(names));
    } else {
      if (copies.isEmpty()) {
        List<Names> fresh = PolicyCompiler.freshNames(COPIES);
        loader = PolicyCompiler.compile(Collections.singletonMap(fresh.get(0).qualifiedType(),
            PolicySource.render(Collections.nCopies(COPIES, of.policy), fresh)));
        copies.addAll(fresh);
        compiled = fresh;
        copiesKeys = Overrides.ofType(Collections.nCopies(COPIES, of), fresh);
      }
      names = copies.poll();
    }
    return Oracle.differs(of, script, path, names, loader, copiesKeys);
  }

  /** Smaller scripts first, then simpler ones. */
  static List<Script> candidates(Script script) {
    List<Script> candidates = new ArrayList<>();
    List<Script.Call> calls = script.calls;
    for (int i = calls.size() - 1; i >= 0 && calls.size() > 1; i--) {
      candidates.add(withCalls(script, without(calls, i)));
    }
    for (int i = 0; i < calls.size(); i++) {
      Script.Call call = calls.get(i);
      for (int a = call.attempts.size() - 1; a >= 0; a--) {
        candidates.add(withCall(script, i, copy(call, without(call.attempts, a), call.waits)));
      }
      for (int w = call.waits.size() - 1; w >= 0; w--) {
        candidates.add(withCall(script, i, copy(call, call.attempts, without(call.waits, w))));
      }
    }
    if (script.draws.size() > 1) {
      candidates.add(new Script(calls, script.draws.subList(0, 1), script.observe));
    }
    for (int i = 0; i < calls.size(); i++) {
      Script.Call call = calls.get(i);
      if (call.gapBefore != 0 || call.newInstance || call.interruptedBefore
          || call.recoverThrows || !call.refusedRetryIf || call.refusedDelayFor != -1
          || call.refresh) {
        candidates.add(withCall(script, i, new Script.Call(0, false, false, call.attempts,
            call.waits, true, -1, false, call.key, false)));
      }
      if (call.key > 1) { // fewer keys
        candidates.add(withCall(script, i, new Script.Call(call.gapBefore, call.newInstance,
            call.interruptedBefore, call.attempts, call.waits, call.refusedRetryIf,
            call.refusedDelayFor, call.recoverThrows, 1, call.refresh)));
      }
      for (int a = 0; a < call.attempts.size(); a++) {
        for (Script.Attempt simpler : simpler(call.attempts.get(a))) {
          List<Script.Attempt> attempts = new ArrayList<>(call.attempts);
          attempts.set(a, simpler);
          candidates.add(withCall(script, i, copy(call, attempts, call.waits)));
        }
      }
      for (int w = 0; w < call.waits.size(); w++) {
        if (call.waits.get(w).kind != Script.WaitKind.NORMAL) {
          List<Script.Wait> waits = new ArrayList<>(call.waits);
          waits.set(w, Script.Wait.NORMAL);
          candidates.add(withCall(script, i, copy(call, call.attempts, waits)));
        }
      }
    }
    return candidates;
  }

  /** Each field of {@code a} made plain, one at a time. */
  private static List<Script.Attempt> simpler(Script.Attempt a) {
    List<Script.Attempt> simpler = new ArrayList<>();
    if (a.cause != null) {
      simpler.add(attempt(a, a.failure, null, a.rejected, a.retryIf, a.predicateThrows,
          a.delayFor, a.delayForThrows, a.duration, a.interrupts, a.form));
    }
    if (a.duration != 0) {
      simpler.add(attempt(a, a.failure, a.cause, a.rejected, a.retryIf, a.predicateThrows,
          a.delayFor, a.delayForThrows, 0, a.interrupts, a.form));
    }
    if (a.interrupts) {
      simpler.add(attempt(a, a.failure, a.cause, a.rejected, a.retryIf, a.predicateThrows,
          a.delayFor, a.delayForThrows, a.duration, false, a.form));
    }
    if (a.form != Script.Form.NOW) {
      simpler.add(attempt(a, a.failure, a.cause, a.rejected, a.retryIf, a.predicateThrows,
          a.delayFor, a.delayForThrows, a.duration, a.interrupts, Script.Form.NOW));
    }
    if (a.predicateThrows || a.delayForThrows) {
      simpler.add(attempt(a, a.failure, a.cause, a.rejected, a.retryIf, false,
          a.delayFor, false, a.duration, a.interrupts, a.form));
    }
    if (a.delayFor != -1 || !a.retryIf) {
      simpler.add(attempt(a, a.failure, a.cause, a.rejected, true, a.predicateThrows,
          -1, a.delayForThrows, a.duration, a.interrupts, a.form));
    }
    if (a.rejected) {
      simpler.add(attempt(a, a.failure, a.cause, false, a.retryIf, a.predicateThrows,
          a.delayFor, a.delayForThrows, a.duration, a.interrupts, a.form));
    }
    return simpler;
  }

  private static Script.Attempt attempt(Script.Attempt a, Fault failure, Fault cause,
      boolean rejected, boolean retryIf, boolean predicateThrows, long delayFor,
      boolean delayForThrows, long duration, boolean interrupts, Script.Form form) {
    return new Script.Attempt(failure, cause, rejected, retryIf, predicateThrows, delayFor,
        delayForThrows, a.userFailure, duration, interrupts, form);
  }

  private static Script.Call copy(
      Script.Call call, List<Script.Attempt> attempts, List<Script.Wait> waits) {
    return new Script.Call(call.gapBefore, call.newInstance, call.interruptedBefore, attempts,
        waits, call.refusedRetryIf, call.refusedDelayFor, call.recoverThrows, call.key,
        call.refresh);
  }

  private static Script withCall(Script script, int index, Script.Call call) {
    List<Script.Call> calls = new ArrayList<>(script.calls);
    calls.set(index, call);
    return withCalls(script, calls);
  }

  private static Script withCalls(Script script, List<Script.Call> calls) {
    return new Script(calls, script.draws, script.observe);
  }

  private static <T> List<T> without(List<T> list, int index) {
    List<T> copy = new ArrayList<>(list);
    copy.remove(index);
    return Collections.unmodifiableList(copy);
  }
}
