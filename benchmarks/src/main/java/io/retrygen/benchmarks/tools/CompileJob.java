package io.retrygen.benchmarks.tools;

import io.retrygen.benchmarks.tools.CompileInputs.Kind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * One javac configuration of {@link CompileCost}: which inputs, which class path, which processor
 * path (none: {@code -proc:none}), and the classes the processor must generate. The output goes
 * to {@code <dir>/classes} ({@code -d}) and {@code <dir>/generated} ({@code -s}), emptied before
 * every run; {@link #verify} then checks that the run produced exactly what it should.
 *
 * @param label {@code retrygen}, {@code retrygen-baseline}, {@code autovalue}, ...
 * @param sources the input files
 * @param inputNames their simple names
 * @param classpath jars for {@code -cp}
 * @param processorPath jars for {@code -processorpath}, empty for {@code -proc:none}
 * @param generatedPrefix the generated class of input {@code X} is {@code prefix + X + suffix}
 * @param generatedSuffix see {@code generatedPrefix}
 * @param dir where this configuration writes, its argument file included
 * @param release the {@code --release} value
 */
record CompileJob(
    String label,
    List<Path> sources,
    List<String> inputNames,
    List<Path> classpath,
    List<Path> processorPath,
    String generatedPrefix,
    String generatedSuffix,
    Path dir,
    String release) {

  /** What one run generated, as verified. */
  record Generated(int classes, long javaLines, int otherFiles, long otherLines) {}

  /** The four configurations for {@code n} inputs, whose sources are already written. */
  static List<CompileJob> all(Path nDir, int n, Path lib, String release) throws IOException {
    List<Path> retrygenCp = jars(lib.resolve("retrygen-classpath"));
    List<Path> retrygenPp = jars(lib.resolve("retrygen-processorpath"));
    List<Path> autoValueCp = jars(lib.resolve("autovalue-classpath"));
    List<Path> autoValuePp = jars(lib.resolve("autovalue-processorpath"));
    List<Path> retrygenSources = sources(nDir.resolve("retrygen-src"));
    List<Path> autoValueSources = sources(nDir.resolve("autovalue-src"));
    List<Path> baselineSources = sources(nDir.resolve("autovalue-baseline-src"));
    List<String> clients = CompileInputs.names(Kind.RETRYGEN, n);
    List<String> values = CompileInputs.names(Kind.AUTOVALUE, n);
    for (List<Path> sources : List.of(retrygenSources, autoValueSources, baselineSources)) {
      if (sources.size() != n) {
        throw new IllegalStateException("expected " + n + " inputs, found " + sources.size());
      }
    }
    return List.of(
        new CompileJob("retrygen-baseline", retrygenSources, clients, retrygenCp, List.of(),
            "", "", nDir.resolve("retrygen-baseline"), release),
        new CompileJob("retrygen", retrygenSources, clients, retrygenCp, retrygenPp,
            "", "Retrying", nDir.resolve("retrygen"), release),
        new CompileJob("autovalue-baseline", baselineSources, values, autoValueCp, List.of(),
            "", "", nDir.resolve("autovalue-baseline"), release),
        new CompileJob("autovalue", autoValueSources, values, autoValueCp, autoValuePp,
            "AutoValue_", "", nDir.resolve("autovalue"), release));
  }

  boolean usesProcessor() {
    return !processorPath.isEmpty();
  }

  Path classesDir() {
    return dir.resolve("classes");
  }

  Path generatedDir() {
    return dir.resolve("generated");
  }

  /** javac's options, the source files excepted. */
  List<String> options() {
    List<String> options = new ArrayList<>(List.of(
        "--release", release, "-encoding", "UTF-8", "-cp", pathString(classpath)));
    if (usesProcessor()) {
      options.addAll(List.of("-processorpath", pathString(processorPath)));
    } else {
      options.add("-proc:none");
    }
    options.addAll(List.of(
        "-d", classesDir().toString(), "-s", generatedDir().toString()));
    return options;
  }

  /** The whole-process command line: the options, then the sources from an argument file. */
  List<String> command(Path javac) throws IOException {
    Path argFile = dir.resolve("sources.txt");
    if (!Files.exists(argFile)) {
      Files.createDirectories(dir);
      // Quoted so that a work directory with spaces still works (javac's @file syntax).
      Files.write(argFile, sources.stream()
          .map(path -> '"' + path.toString().replace("\\", "\\\\") + '"')
          .collect(Collectors.toList()), StandardCharsets.UTF_8);
    }
    List<String> command = new ArrayList<>();
    command.add(javac.toString());
    command.addAll(options());
    command.add("@" + argFile);
    return command;
  }

  /** Empties the output directories before a run. */
  void prepare() throws IOException {
    deleteRecursively(classesDir());
    deleteRecursively(generatedDir());
    Files.createDirectories(classesDir());
    Files.createDirectories(generatedDir());
  }

  /**
   * Checks that the last run generated exactly one class per input and nothing else (none without
   * a processor), and that every input and generated class was compiled; counts what was
   * generated. Throws {@link IllegalStateException} otherwise.
   */
  Generated verify() throws IOException {
    Set<String> expectedSources = new TreeSet<>();
    if (usesProcessor()) {
      for (String name : inputNames) {
        expectedSources.add(generatedPrefix + name + generatedSuffix);
      }
    }
    Set<String> generatedSources = new TreeSet<>();
    long javaLines = 0;
    for (Path file : files(generatedDir())) {
      String name = file.getFileName().toString();
      if (!name.endsWith(".java")) {
        throw new IllegalStateException(label + ": unexpected generated file " + file);
      }
      generatedSources.add(name.substring(0, name.length() - ".java".length()));
      javaLines += lines(file);
    }
    if (!generatedSources.equals(expectedSources)) {
      throw new IllegalStateException(String.format(
          "%s: expected %d generated classes, found %d in %s", label, expectedSources.size(),
          generatedSources.size(), generatedDir()));
    }
    Set<String> expectedClasses = new TreeSet<>(inputNames);
    expectedClasses.addAll(expectedSources);
    Set<String> compiled = new TreeSet<>();
    int otherFiles = 0;
    long otherLines = 0;
    for (Path file : files(classesDir())) {
      String name = file.getFileName().toString();
      if (name.endsWith(".class")) {
        compiled.add(name.replaceAll("[$.].*", "")); // top-level class of a nested one
      } else {
        otherFiles++; // retrygen's policy inventory, META-INF/retrygen/*.json
        otherLines += lines(file);
      }
    }
    if (!compiled.equals(expectedClasses)) {
      throw new IllegalStateException(String.format(
          "%s: expected %d compiled top-level classes, found %d in %s", label,
          expectedClasses.size(), compiled.size(), classesDir()));
    }
    return new Generated(generatedSources.size(), javaLines, otherFiles, otherLines);
  }

  private static List<Path> jars(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      throw new IllegalStateException(dir + " is missing: build the benchmarks module first"
          + " (mvn -B -ntp -o package -pl benchmarks -am -DskipTests) or pass --lib");
    }
    try (Stream<Path> list = Files.list(dir)) {
      List<Path> jars = list.filter(p -> p.toString().endsWith(".jar")).sorted()
          .collect(Collectors.toList());
      if (jars.isEmpty()) {
        throw new IllegalStateException("no jar in " + dir);
      }
      return jars;
    }
  }

  private static List<Path> sources(Path root) throws IOException {
    return files(root).stream().filter(p -> p.toString().endsWith(".java"))
        .collect(Collectors.toList());
  }

  private static List<Path> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile).sorted().collect(Collectors.toList());
    }
  }

  private static long lines(Path file) throws IOException {
    try (Stream<String> lines = Files.lines(file, StandardCharsets.UTF_8)) {
      return lines.count();
    }
  }

  private static String pathString(List<Path> paths) {
    return paths.stream().map(Path::toString)
        .collect(Collectors.joining(System.getProperty("path.separator")));
  }

  static void deleteRecursively(Path root) throws IOException {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(root)) {
      walk.sorted(Comparator.reverseOrder()).forEach(path -> {
        try {
          Files.delete(path);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
