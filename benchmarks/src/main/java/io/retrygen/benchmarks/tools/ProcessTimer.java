package io.retrygen.benchmarks.tools;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Times whole processes: {@code ProcessTimer <spec.tsv> <runs> <warmups> <out.tsv>}. Each line of
 * the spec is a label followed by the command's arguments, all separated by tabs. Every command is
 * first run once with its output shown (so the log proves it did what it should), then {@code
 * warmups} times untimed (page cache), then {@code runs} times in round-robin order, so that drift
 * of the machine affects every command alike. A failing command stops everything. The output has
 * one line per command: label, median, min and max wall time in ms, runs, then every sample.
 */
public final class ProcessTimer {
  private ProcessTimer() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 4) {
      System.err.println("usage: ProcessTimer <spec.tsv> <runs> <warmups> <out.tsv>");
      System.exit(2);
    }
    List<String> labels = new ArrayList<>();
    List<List<String>> commands = new ArrayList<>();
    for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
      if (line.trim().isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t");
      labels.add(fields[0]);
      commands.add(Arrays.asList(fields).subList(1, fields.length));
    }
    int runs = Integer.parseInt(args[1]);
    int warmups = Integer.parseInt(args[2]);

    for (int i = 0; i < commands.size(); i++) {
      String output = runShowingOutput(labels.get(i), commands.get(i));
      System.out.printf(Locale.ROOT, "  %-28s %s%n", labels.get(i), output);
      for (int w = 0; w < warmups; w++) {
        time(labels.get(i), commands.get(i));
      }
    }
    double[][] samples = new double[commands.size()][runs];
    for (int run = 0; run < runs; run++) {
      for (int i = 0; i < commands.size(); i++) {
        samples[i][run] = time(labels.get(i), commands.get(i));
      }
    }
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < commands.size(); i++) {
      double[] sorted = samples[i].clone();
      Arrays.sort(sorted);
      out.append(labels.get(i))
          .append('\t').append(format(median(sorted)))
          .append('\t').append(format(sorted[0]))
          .append('\t').append(format(sorted[sorted.length - 1]))
          .append('\t').append(runs);
      for (double sample : samples[i]) {
        out.append('\t').append(format(sample));
      }
      out.append('\n');
    }
    Path target = Paths.get(args[3]);
    Files.write(target, out.toString().getBytes(StandardCharsets.UTF_8));
    System.out.print(out);
  }

  /** The median of sorted samples. */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String format(double millis) {
    return String.format(Locale.ROOT, "%.1f", millis);
  }

  /** Wall time in ms from process start to exit, output discarded. */
  private static double time(String label, List<String> command)
      throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(ProcessBuilder.Redirect.DISCARD);
    long start = System.nanoTime();
    Process process = builder.start();
    int exit = process.waitFor();
    long elapsed = System.nanoTime() - start;
    if (exit != 0) {
      runShowingOutput(label, command); // shows the failure, then stops
      throw new IllegalStateException(label + " exited with " + exit);
    }
    return elapsed / 1e6;
  }

  /** Runs once and returns the first line of stdout; on failure prints everything and exits. */
  private static String runShowingOutput(String label, List<String> command)
      throws IOException, InterruptedException {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output;
    try (InputStream in = process.getInputStream()) {
      output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    int exit = process.waitFor();
    if (exit != 0) {
      System.err.println(label + " failed (exit " + exit + "): " + String.join(" ", command));
      System.err.println(output);
      System.exit(1);
    }
    String[] lines = output.split("\n");
    return lines.length == 0 ? "" : lines[lines.length - 1].trim();
  }
}
