package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What one run of a case did, one line per observable step, in order: the model writes the lines
 * it expects, the world those it saw, and the two are compared line by line. Both write through
 * these methods, so only what happened can differ, never how it is spelled.
 */
final class Trace {
  /** Lines kept at most: a call that retries for ever must not take the heap with it. */
  private static final int LIMIT = 5_000;

  private final List<String> lines = new ArrayList<String>() {
    @Override
    public boolean add(String line) {
      dropped += size() < LIMIT ? 0 : 1;
      return size() < LIMIT && super.add(line);
    }
  };
  private int dropped;

  List<String> lines() {
    if (dropped == 0) {
      return Collections.unmodifiableList(lines);
    }
    List<String> all = new ArrayList<>(lines);
    all.add("... " + dropped + " more lines");
    return Collections.unmodifiableList(all);
  }

  void call(int call, String arg) {
    lines.add("call " + call + " arg=" + arg);
  }

  /** The delegate (or the class's own method) was invoked; {@code outcome} says how it ends. */
  void invoke(int invocation, String where, String outcome, boolean interrupts) {
    invoke(invocation, where, outcome, interrupts ? "+interrupt" : "");
  }

  /** {@code mark} says what else the invocation did: "+interrupt", "+cancel K1" or "". */
  void invoke(int invocation, String where, String outcome, String mark) {
    lines.add("  invoke " + invocation + (where.isEmpty() ? "" : " " + where) + " -> " + outcome
        + (mark.isEmpty() ? "" : " " + mark));
  }

  /** The attempt of {@code invocation} was cancelled: its {@code @Timeout} ran out (SPEC §16). */
  void cancelled(int invocation) {
    lines.add("  invocation " + invocation + " cancelled");
  }

  void breaker(String change) {
    lines.add("  breaker " + change);
  }

  void predicate(String name, String argument, String answer) {
    lines.add("  " + name + " " + argument + " -> " + answer);
  }

  /**
   * A stateful template's {@code RetryContext} as its {@code callback} or {@code recovery} got it
   * (SPEC §19): the key's attempt and the last failure.
   */
  void context(String of, int attempt, String lastFailure) {
    lines.add("  " + of + " context attempt=" + attempt + " lastFailure=" + lastFailure);
  }

  void draw(double value) {
    lines.add("  draw " + value);
  }

  void event(
      String listener, String kind, String label, int attempt, String failure, long delayMillis,
      long elapsedNanos, String reason) {
    lines.add("  " + listener + " " + kind + " label=" + label + " attempt=" + attempt
        + " failure=" + failure + " delay=" + delayMillis + " elapsed=" + elapsedNanos
        + (reason == null ? "" : " reason=" + reason));
  }

  /**
   * A wait handed to the {@code Sleeper}, the scheduler or (a coroutine's) {@code delay}, and what
   * the script made of it.
   */
  void wait(String how, long millis, String behaviour) {
    lines.add("  " + how + " " + millis + (behaviour.isEmpty() ? "" : " " + behaviour));
  }

  /**
   * How the script made a wait go, as both the model and the world write it: on {@link
   * Path#SUSPEND} an interrupted wait is a cancelled one, and nothing throws.
   */
  static String behaviour(Script.Wait wait, Path path, String thrown) {
    switch (wait.kind) {
      case SLOW: return "slow +" + wait.extra;
      case INTERRUPTED:
        return path.flow ? "" : path.suspend ? "cancelled after " + wait.extra + " by " + thrown
            : path.async ? "" : "interrupted after " + wait.extra;
      case THROWS: return path.suspend ? "" : "throws " + thrown;
      default: return "";
    }
  }

  /** The flow's collector got {@code value} (FLOW). */
  void emit(String value) {
    lines.add("  emit " + value);
  }

  void recover(String name, String failure, String arg, String outcome) {
    lines.add("  recover " + name + "(" + failure + ", " + arg + ") -> " + outcome);
  }

  void end(String outcome, boolean interrupted) {
    lines.add("  end " + outcome + " interrupted=" + interrupted);
  }

  void tokens(double tokens) {
    lines.add("  tokens " + tokens);
  }

  void note(String text) {
    lines.add("  " + text);
  }

  /** The index of the first line where {@code a} and {@code b} differ, or -1 when equal. */
  static int firstDifference(List<String> a, List<String> b) {
    int common = Math.min(a.size(), b.size());
    for (int i = 0; i < common; i++) {
      if (!a.get(i).equals(b.get(i))) {
        return i;
      }
    }
    return a.size() == b.size() ? -1 : common;
  }
}
