package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;

/** A mismatch written for a reader: how to rerun it, the policy, the script, the difference. */
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
