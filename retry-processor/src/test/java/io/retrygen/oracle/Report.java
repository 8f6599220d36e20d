package io.retrygen.oracle;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A mismatch written for a reader: how to rerun it, the policy, its overrides, the script, the
 * difference.
 */
final class Report {
  /** Lines of context around the first difference. */
  private static final int CONTEXT = 6;

  private Report() {}

  static String of(Oracle.Mismatch original, Shrinker.Shrunk result) {
    Oracle.Mismatch shrunk = result.mismatch;
    StringBuilder text = new StringBuilder();
    text.append("Seed ").append(shrunk.of.seed).append(", slot ").append(shrunk.of.slot)
        .append(", path ").append(shrunk.path)
        .append(": the run differs from the model (rerun alone with -Doracle.seed=")
        .append(shrunk.of.seed).append(")\n\n");
    text.append("Policy (the pair of slot ").append(shrunk.names.slot).append(" of type ")
        .append(shrunk.names.type).append(", as compiled):\n")
        .append(PolicySource.render(Collections.singletonList(shrunk.of.policy),
            Collections.singletonList(shrunk.names))).append('\n');
    text.append(overrides(original.of.overrides, shrunk, result.recurred));
    if (result.recurred) {
      text.append("Minimal script (").append(shrunk.script.calls.size()).append(" of ")
          .append(original.script.calls.size()).append(" calls; ").append(result.tries)
          .append(" shrinking runs):\n");
    } else {
      text.append("Script, not shrunk: it made no difference on a fresh copy of the policy, so the"
          + " difference depends on what ran before it in the JVM (the other path, or another"
          + " pair of the same type, or a name they share):\n");
    }
    text.append(shrunk.script.describe()).append('\n');
    int at = Trace.firstDifference(shrunk.expected, shrunk.actual);
    text.append("First difference, line ").append(at + 1).append(":\n")
        .append("  expected: ").append(line(shrunk.expected, at)).append('\n')
        .append("  actual:   ").append(line(shrunk.actual, at)).append("\n\n");
    text.append("Expected (model), around it:\n").append(around(shrunk.expected, at))
        .append("Actual, around it:\n").append(around(shrunk.actual, at)).append('\n')
        .append("Expected, whole:\n").append(numbered(shrunk.expected, 0, shrunk.expected.size()))
        .append("Actual, whole:\n").append(numbered(shrunk.actual, 0, shrunk.actual.size()));
    return text.toString();
  }

  /**
   * The overrides the run was built with: the drawn ones, those left after shrinking, and the keys
   * of the pair's method on the path as they were given (with the keys of the type's other pairs).
   */
  private static String overrides(Overrides drawn, Oracle.Mismatch shrunk, boolean recurred) {
    Overrides left = shrunk.of.overrides;
    if (drawn.isEmpty()) {
      return "Overrides: none of this pair's (the type's other pairs' keys, if any, were given)"
          + "\n\n";
    }
    StringBuilder text = new StringBuilder("Overrides (RetryOptions.overrides, applied when the"
        + " instance or template is built): ").append(drawn.describe()).append('\n');
    boolean fewer = !left.values.equals(drawn.values)
        || !Objects.equals(left.enabled, drawn.enabled);
    if (recurred && fewer) {
      text.append("  still differing with only: ").append(left.describe()).append('\n');
    }
    text.append("  keys given on ").append(shrunk.path).append(": ")
        .append(left.keys(shrunk.of.policy, shrunk.names, shrunk.path)).append("\n\n");
    return text.toString();
  }

  /**
   * An invalid override that building did not reject as it must: with an {@code
   * IllegalArgumentException} naming the key and the value.
   */
  static String invalid(Case of, Names names, Map<String, String> given, String override,
      String built, Throwable thrown) {
    StringWriter trace = new StringWriter();
    if (thrown != null) {
      thrown.printStackTrace(new PrintWriter(trace));
    }
    return "Seed " + of.seed + ", slot " + of.slot + ": building " + built + " with the invalid"
        + " override " + override + " must throw an IllegalArgumentException naming it; "
        + (thrown == null ? "it built" : "it threw " + trace) + "\nKeys given: " + given
        + "\nPolicy (the pair of slot " + names.slot + " of type " + names.type + "):\n"
        + PolicySource.render(Collections.singletonList(of.policy),
            Collections.singletonList(names));
  }

  private static String line(List<String> lines, int index) {
    return index < lines.size() ? lines.get(index).trim() : "(nothing more)";
  }

  private static String around(List<String> lines, int index) {
    return numbered(lines, Math.max(0, index - CONTEXT), Math.min(lines.size(), index + 2));
  }

  private static String numbered(List<String> lines, int from, int to) {
    StringBuilder text = new StringBuilder();
    for (int i = from; i < to; i++) {
      text.append(String.format("%4d %s%n", i + 1, lines.get(i)));
    }
    return text.toString();
  }
}
