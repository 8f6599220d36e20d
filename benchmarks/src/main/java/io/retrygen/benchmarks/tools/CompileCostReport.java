package io.retrygen.benchmarks.tools;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown report of {@link CompileCost}: the added time per type of each processor over its
 * baseline and their ratio, what each generated per type, and the raw medians with their spread.
 */
final class CompileCostReport {
  private static final Map<String, String> MODE_NAMES =
      Map.of("cold", "cold, whole process", "warm", "warm, in-process");
  private static final List<String> LABELS =
      List.of("retrygen-baseline", "retrygen", "autovalue-baseline", "autovalue");

  private final Map<String, Map<Integer, Map<String, List<Double>>>> samples;
  private final Map<Integer, Map<String, CompileJob.Generated>> generated;

  CompileCostReport(Map<String, Map<Integer, Map<String, List<Double>>>> samples,
      Map<Integer, Map<String, CompileJob.Generated>> generated) {
    this.samples = samples;
    this.generated = generated;
  }

  String markdown(String header) {
    StringBuilder md = new StringBuilder();
    md.append(header).append("\n\n");
    md.append("| N | javac | no processor (interfaces) | retrygen | **retrygen added per type**"
        + " | no processor (AutoValue classes, factory throws) | AutoValue"
        + " | **AutoValue added per type** | **retrygen / AutoValue** |\n");
    md.append("|--:|---|--:|--:|--:|--:|--:|--:|--:|\n");
    samples.forEach((mode, bySize) -> bySize.forEach((n, byLabel) -> {
      double retrygen = added(byLabel, "retrygen", n);
      double autoValue = added(byLabel, "autovalue", n);
      md.append(String.format(Locale.ROOT,
          "| %d | %s | %s | %s | **%s** | %s | %s | **%s** | **%.2fx** |%n", n,
          MODE_NAMES.get(mode),
          ms(median(byLabel, "retrygen-baseline")), ms(median(byLabel, "retrygen")),
          perType(retrygen, n), ms(median(byLabel, "autovalue-baseline")),
          ms(median(byLabel, "autovalue")), perType(autoValue, n), retrygen / autoValue));
    }));
    md.append("\nAdded per type: (median with the processor - median of its baseline) / N, the"
        + " whole difference in parentheses.\n\n");

    md.append("| N | retrygen: generated Java lines per type | + policy inventory (JSON lines per"
        + " type) | AutoValue: generated Java lines per type | at the margin (from the previous"
        + " N): added per type and per generated Java line, retrygen / AutoValue |\n");
    md.append("|--:|--:|--:|--:|---|\n");
    Integer previous = null;
    for (Map.Entry<Integer, Map<String, CompileJob.Generated>> entry : generated.entrySet()) {
      int n = entry.getKey();
      double retrygenLines = (double) entry.getValue().get("retrygen").javaLines() / n;
      double autoValueLines = (double) entry.getValue().get("autovalue").javaLines() / n;
      StringBuilder margin = new StringBuilder();
      for (Map.Entry<String, Map<Integer, Map<String, List<Double>>>> mode : samples.entrySet()) {
        Map<String, List<Double>> now = mode.getValue().get(n);
        Map<String, List<Double>> before = previous == null ? null : mode.getValue().get(previous);
        if (now == null || before == null) {
          continue;
        }
        double retrygen = (added(now, "retrygen", n) * n
            - added(before, "retrygen", previous) * previous) / (n - previous);
        double autoValue = (added(now, "autovalue", n) * n
            - added(before, "autovalue", previous) * previous) / (n - previous);
        margin.append(margin.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT,
            "%s %.1f / %.1f ms, %.0f / %.0f µs", mode.getKey(), retrygen, autoValue,
            1000 * retrygen / retrygenLines, 1000 * autoValue / autoValueLines));
      }
      md.append(String.format(Locale.ROOT, "| %d | %.1f | %.1f | %.1f | %s |%n", n,
          retrygenLines, (double) entry.getValue().get("retrygen").otherLines() / n,
          autoValueLines, margin.length() == 0 ? "—" : margin));
      previous = n;
    }

    md.append("\n| N | javac | configuration | median | min | max | runs |\n");
    md.append("|--:|---|---|--:|--:|--:|--:|\n");
    samples.forEach((mode, bySize) -> bySize.forEach((n, byLabel) -> LABELS.forEach(
        label -> {
          double[] sorted = sorted(byLabel.get(label));
          md.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s | %s | %d |%n", n,
              MODE_NAMES.get(mode), label, ms(ProcessTimer.median(sorted)), ms(sorted[0]),
              ms(sorted[sorted.length - 1]), sorted.length));
        })));
    return md.toString();
  }

  /** Added ms per type of {@code label} over {@code label-baseline}. */
  private static double added(Map<String, List<Double>> byLabel, String label, int n) {
    return (median(byLabel, label) - median(byLabel, label + "-baseline")) / n;
  }

  private static double median(Map<String, List<Double>> byLabel, String label) {
    return ProcessTimer.median(sorted(byLabel.get(label)));
  }

  private static double[] sorted(List<Double> values) {
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    return sorted;
  }

  private static String ms(double millis) {
    return String.format(Locale.ROOT, "%,.0f ms", millis);
  }

  /** {@code 19.1 ms (+3.82 s)}. */
  private static String perType(double perType, int n) {
    return String.format(Locale.ROOT, "%.1f ms (%+.2f s)", perType, perType * n / 1000);
  }
}
