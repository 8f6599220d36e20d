package io.retrygen.oracle;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;

/**
 * Shrinks the script of a mismatch: tries shorter and simpler scripts (fewer calls, invocations
 * and waits, then plain outcomes: no duration, no interrupt, no throwing predicate, a completed
 * future) and keeps each that still makes a difference, until none does. Every try runs on a
 * fresh compiled copy of the policy, so that no budget or breaker state carries over.
 */
final class Shrinker {
  /** Copies compiled at a time. */
  private static final int COPIES = 32;
  /** Tries at most: shrinking must end even when every step helps. */
  private static final int MAX_TRIES = 600;

  private final Case of;
  private final Path path;
  private final Deque<Names> copies = new ArrayDeque<>();
  private ClassLoader loader;
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
    return new Shrunk(best, shrinker.tries, true);
  }

  private Oracle.Mismatch retry(Script script) {
    tries++;
    Names names;
    if (path.template) {
      names = PolicyCompiler.freshNames(1).get(0);
    } else {
      if (copies.isEmpty()) {
        List<Names> fresh = PolicyCompiler.freshNames(COPIES);
        loader = PolicyCompiler.compile(Collections.singletonMap(fresh.get(0).qualifiedType(),
            PolicySource.render(Collections.nCopies(COPIES, of.policy), fresh)));
        copies.addAll(fresh);
      }
      names = copies.poll();
    }
    return Oracle.differs(of, script, path, names, loader);
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
          || call.recoverThrows || !call.refusedRetryIf || call.refusedDelayFor != -1) {
        candidates.add(withCall(script, i, new Script.Call(0, false, false, call.attempts,
            call.waits, true, -1, false)));
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
        waits,
        call.refusedRetryIf, call.refusedDelayFor, call.recoverThrows);
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
