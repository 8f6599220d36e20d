package io.retrygen.benchmarks.tools;

import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * The warm half of {@link CompileCost}, in a JVM of its own that {@code CompileCost} starts once
 * per size: {@code InProcessCompiles <n dir> <n> <lib> <release> <warmups> <runs>}. Compiles the
 * four configurations with {@link ToolProvider#getSystemJavaCompiler()} in this one JVM, as Maven's
 * compiler plugin does module after module: {@code warmups} untimed rounds, then {@code runs}
 * timed rounds, each round every configuration once, the first one rotating from round to round.
 * Every compilation gets a new file manager and, through {@code -processorpath}, a new class
 * loader for its processor, as in Maven; only javac itself is warm. Prints {@code sample <label>
 * <ms>} and {@code generated <label> <classes> <java lines> <other files> <other lines>} lines,
 * tab-separated, to stdout and its progress to stderr.
 */
public final class InProcessCompiles {
  private InProcessCompiles() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 6) {
      System.err.println(
          "usage: InProcessCompiles <n dir> <n> <lib> <release> <warmups> <runs>");
      System.exit(2);
    }
    Path nDir = Paths.get(args[0]);
    int n = Integer.parseInt(args[1]);
    List<CompileJob> jobs = CompileJob.all(nDir, n, Paths.get(args[2]), args[3]);
    int warmups = Integer.parseInt(args[4]);
    int runs = Integer.parseInt(args[5]);
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    if (compiler == null) {
      throw new IllegalStateException("no system Java compiler: run CompileCost on a JDK");
    }
    for (int round = 0; round < warmups + runs; round++) {
      boolean timed = round >= warmups;
      for (int j = 0; j < jobs.size(); j++) {
        CompileJob job = jobs.get((round + j) % jobs.size());
        double millis = compile(compiler, job);
        CompileJob.Generated generated = job.verify();
        System.err.printf(Locale.ROOT, "  n=%d warm %s %d/%d: %-18s %8.1f ms%n", n,
            timed ? "run" : "warm-up", timed ? round - warmups + 1 : round + 1,
            timed ? runs : warmups, job.label(), millis);
        if (round == 0) {
          System.out.printf(Locale.ROOT, "generated\t%s\t%d\t%d\t%d\t%d%n", job.label(),
              generated.classes(), generated.javaLines(), generated.otherFiles(),
              generated.otherLines());
        }
        if (timed) {
          System.out.printf(Locale.ROOT, "sample\t%s\t%.3f%n", job.label(), millis);
        }
      }
    }
    System.out.flush();
  }

  /** One compilation of {@code job}: wall time in ms, from a new file manager to the end. */
  private static double compile(JavaCompiler compiler, CompileJob job) throws Exception {
    job.prepare();
    System.gc(); // the garbage of the previous compilation is not this one's cost
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter output = new StringWriter();
    long start = System.nanoTime();
    boolean success;
    try (StandardJavaFileManager files =
        compiler.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      success = compiler.getTask(output, files, diagnostics, job.options(), null,
          files.getJavaFileObjectsFromPaths(job.sources())).call();
    }
    long elapsed = System.nanoTime() - start;
    if (!success) {
      System.err.println(job.label() + " failed: " + output);
      diagnostics.getDiagnostics().forEach(System.err::println);
      throw new IllegalStateException(job.label() + " did not compile");
    }
    return elapsed / 1e6;
  }
}
