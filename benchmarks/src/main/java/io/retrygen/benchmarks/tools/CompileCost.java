package io.retrygen.benchmarks.tools;

import io.retrygen.benchmarks.tools.CompileInputs.Kind;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What an annotation processor adds to a build, retrygen's against AutoValue's (issue 13):
 *
 * <pre>
 * java -cp benchmarks/target/benchmarks.jar io.retrygen.benchmarks.tools.CompileCost \
 *     [--sizes 20,200,2000] [--runs 5] [--warm-runs 5] [--warmups 1] [--modes cold,warm] \
 *     [--release 8] [--lib benchmarks/target/compile-cost-lib] [--work benchmarks/target/compile-cost-runs]
 * </pre>
 *
 * <p>For each size N it writes the inputs of {@link CompileInputs} and compiles four
 * configurations ({@link CompileJob#all}): the retrygen interfaces without and with {@code
 * retry-processor}, the AutoValue classes' baseline without and the AutoValue classes with {@code
 * auto-value}. <b>Cold</b>: a whole {@code javac} process of this JDK per compilation, {@code
 * warmups} untimed rounds then {@code runs} timed ones, every configuration once per round and the
 * first one rotating. <b>Warm</b>: the same rounds in one other JVM through {@code javax.tools}
 * ({@link InProcessCompiles}), so this JVM stays idle while anything is timed. Every run is
 * checked to have generated exactly one class per input and compiled everything ({@link
 * CompileJob#verify}). Prints a Markdown report: the added time per type over each baseline
 * (difference of the medians, divided by N), the ratio retrygen / AutoValue, the generated lines
 * per type, and every configuration's median, min and max. The samples are also written to
 * {@code <work>/compile-cost.tsv}; progress goes to stderr.
 */
public final class CompileCost {
  private static final List<String> MODES = List.of("cold", "warm");

  private final Map<String, String> options;
  private final Path lib;
  private final Path work;
  private final String release;
  private final int runs;
  private final int warmRuns;
  private final int warmups;
  /** mode -> N -> label -> samples in ms. */
  private final Map<String, Map<Integer, Map<String, List<Double>>>> samples = new LinkedHashMap<>();
  /** N -> label -> what was generated. */
  private final Map<Integer, Map<String, CompileJob.Generated>> generated = new LinkedHashMap<>();

  private CompileCost(Map<String, String> options) {
    this.options = options;
    Path target = targetDir();
    this.lib = Paths.get(options.getOrDefault("lib", target.resolve("compile-cost-lib").toString()))
        .toAbsolutePath();
    this.work = Paths.get(
        options.getOrDefault("work", target.resolve("compile-cost-runs").toString()))
        .toAbsolutePath();
    this.release = options.getOrDefault("release", "8");
    this.runs = Integer.parseInt(options.getOrDefault("runs", "5"));
    this.warmRuns = Integer.parseInt(options.getOrDefault("warm-runs", Integer.toString(runs)));
    this.warmups = Integer.parseInt(options.getOrDefault("warmups", "1"));
  }

  public static void main(String[] args) throws Exception {
    Map<String, String> options = parse(args);
    new CompileCost(options).run();
  }

  private void run() throws Exception {
    List<Integer> sizes = new ArrayList<>();
    for (String size : options.getOrDefault("sizes", "20,200,2000").split(",")) {
      sizes.add(Integer.parseInt(size.trim()));
    }
    List<String> modes = Arrays.asList(options.getOrDefault("modes", "cold,warm").split(","));
    if (!MODES.containsAll(modes) || runs < 1 || warmRuns < 1 || warmups < 0) {
      throw new IllegalArgumentException("bad --modes, --runs, --warm-runs or --warmups");
    }
    String loadBefore = loadAverage();
    long start = System.nanoTime();
    for (int n : sizes) {
      Path nDir = work.resolve("n" + n);
      CompileJob.deleteRecursively(nDir);
      CompileInputs.write(Kind.RETRYGEN, n, nDir.resolve("retrygen-src"));
      CompileInputs.write(Kind.AUTOVALUE, n, nDir.resolve("autovalue-src"));
      CompileInputs.write(Kind.AUTOVALUE_BASELINE, n, nDir.resolve("autovalue-baseline-src"));
      List<CompileJob> jobs = CompileJob.all(nDir, n, lib, release);
      if (modes.contains("cold")) {
        cold(n, jobs);
      }
      if (modes.contains("warm")) {
        warm(n, nDir);
      }
    }
    long seconds = (System.nanoTime() - start) / 1_000_000_000L;
    writeTsv();
    System.out.print(new CompileCostReport(samples, generated).markdown(
        String.format(Locale.ROOT, "JVM: %s %s (`%s`). javac `--release %s`. Cold: median of %d"
                + " whole `javac` processes per configuration; warm: median of %d compilations"
                + " through `javax.tools` in one JVM per N; %d untimed warm-up round(s) first."
                + " Whole run: %d s. Load average (1/5/15 min) before: %s; after: %s.",
            System.getProperty("java.vm.name"), System.getProperty("java.runtime.version"),
            System.getProperty("java.home"), release, runs, warmRuns, warmups, seconds,
            loadBefore, loadAverage())));
  }

  /** Whole javac processes, rounds of every configuration once, the first one rotating. */
  private void cold(int n, List<CompileJob> jobs) throws Exception {
    Path javac = Paths.get(System.getProperty("java.home"), "bin", "javac");
    for (int round = 0; round < warmups + runs; round++) {
      boolean timed = round >= warmups;
      for (int j = 0; j < jobs.size(); j++) {
        CompileJob job = jobs.get((round + j) % jobs.size());
        job.prepare();
        Path log = job.dir().resolve("javac.log");
        ProcessBuilder builder = new ProcessBuilder(job.command(javac))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
        long start = System.nanoTime();
        int exit = builder.start().waitFor();
        double millis = (System.nanoTime() - start) / 1e6;
        if (exit != 0) {
          System.err.println(Files.readString(log));
          throw new IllegalStateException(job.label() + ": javac exited with " + exit
              + ": " + String.join(" ", job.command(javac)));
        }
        CompileJob.Generated result = job.verify();
        generated.computeIfAbsent(n, k -> new LinkedHashMap<>()).put(job.label(), result);
        System.err.printf(Locale.ROOT, "  n=%d cold %s %d/%d: %-18s %8.1f ms%n", n,
            timed ? "run" : "warm-up", timed ? round - warmups + 1 : round + 1,
            timed ? runs : warmups, job.label(), millis);
        if (timed) {
          sample("cold", n, job.label(), millis);
        }
      }
    }
  }

  /** The same rounds in one new JVM through javax.tools ({@link InProcessCompiles}). */
  private void warm(int n, Path nDir) throws Exception {
    List<String> command = List.of(
        Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        InProcessCompiles.class.getName(),
        nDir.toString(), Integer.toString(n), lib.toString(), release,
        Integer.toString(warmups), Integer.toString(warmRuns));
    Process process = new ProcessBuilder(command)
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
    try (BufferedReader out = new BufferedReader(
        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = out.readLine()) != null) {
        String[] fields = line.split("\t");
        if (fields[0].equals("sample")) {
          sample("warm", n, fields[1], Double.parseDouble(fields[2]));
        } else if (fields[0].equals("generated")) {
          generated.computeIfAbsent(n, k -> new LinkedHashMap<>()).putIfAbsent(fields[1],
              new CompileJob.Generated(Integer.parseInt(fields[2]), Long.parseLong(fields[3]),
                  Integer.parseInt(fields[4]), Long.parseLong(fields[5])));
        }
      }
    }
    int exit = process.waitFor();
    if (exit != 0) {
      throw new IllegalStateException("the in-process compilations failed (exit " + exit + ")");
    }
  }

  private void sample(String mode, int n, String label, double millis) {
    samples.computeIfAbsent(mode, k -> new LinkedHashMap<>())
        .computeIfAbsent(n, k -> new LinkedHashMap<>())
        .computeIfAbsent(label, k -> new ArrayList<>())
        .add(millis);
  }

  /** mode, N, label, then every sample in ms, in the order they were taken. */
  private void writeTsv() throws IOException {
    StringBuilder tsv = new StringBuilder();
    samples.forEach((mode, bySize) -> bySize.forEach((n, byLabel) -> byLabel.forEach(
        (label, values) -> {
          tsv.append(mode).append('\t').append(n).append('\t').append(label);
          values.forEach(v -> tsv.append('\t').append(String.format(Locale.ROOT, "%.1f", v)));
          tsv.append('\n');
        })));
    Files.createDirectories(work);
    Files.writeString(work.resolve("compile-cost.tsv"), tsv);
  }

  /** {@code --name value} pairs. */
  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    List<String> known =
        List.of("sizes", "runs", "warm-runs", "warmups", "modes", "release", "lib", "work");
    for (int i = 0; i < args.length; i += 2) {
      String name = args[i].startsWith("--") ? args[i].substring(2) : "";
      if (!known.contains(name) || i + 1 >= args.length) {
        System.err.println("usage: CompileCost [--sizes 20,200,2000] [--runs 5] [--warm-runs 5]"
            + " [--warmups 1] [--modes cold,warm] [--release 8] [--lib DIR] [--work DIR]");
        System.exit(2);
      }
      options.put(name, args[i + 1]);
    }
    return options;
  }

  /** benchmarks/target: where this class was loaded from, the jar or target/classes. */
  private static Path targetDir() {
    try {
      return Paths.get(CompileCost.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI()).getParent();
    } catch (Exception e) {
      throw new IllegalStateException("cannot locate benchmarks/target: pass --lib and --work", e);
    }
  }

  private static String loadAverage() {
    try {
      String[] fields = Files.readString(Paths.get("/proc/loadavg")).split(" ");
      return fields[0] + " " + fields[1] + " " + fields[2];
    } catch (IOException e) {
      return "unknown";
    }
  }
}
