package io.retrygen.it.android;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A build step, not a test: copies the classes the processor generated from the test inputs into
 * two folders for animal-sniffer, by the Android API level they need. A class that refers to the
 * asynchronous support (SPEC §7: {@code AsyncCall}, {@code CompletionStage}, {@code
 * CompletableFuture}) needs API 24, every other one API 21.
 *
 * <p>{@code SortGeneratedClasses <test classes> <API 21 folder> <API 24 folder>}.
 */
public final class SortGeneratedClasses {
  private static final String[] ASYNC = {
    "io/retrygen/runtime/internal/AsyncCall", "java/util/concurrent/CompletionStage",
    "java/util/concurrent/CompletableFuture"
  };

  private SortGeneratedClasses() {}

  public static void main(String[] args) throws IOException {
    Path classes = Paths.get(args[0]);
    Path api21 = Paths.get(args[1]);
    Path api24 = Paths.get(args[2]);
    // Nothing left from an earlier build: a class in the wrong folder would pass unchecked.
    deleteRecursively(api21);
    deleteRecursively(api24);
    List<Path> generated;
    try (Stream<Path> files = Files.walk(classes)) {
      generated =
          files
              .filter(file -> file.getFileName().toString().matches(".*Retrying(\\$.*)?\\.class"))
              .sorted()
              .collect(Collectors.toList());
    }
    if (generated.isEmpty()) {
      throw new IllegalStateException("no generated class in " + classes);
    }
    int async = 0;
    for (Path file : generated) {
      boolean needs24 = refersToAsync(Files.readAllBytes(file));
      async += needs24 ? 1 : 0;
      Path target = (needs24 ? api24 : api21).resolve(classes.relativize(file));
      Files.createDirectories(target.getParent());
      Files.copy(file, target);
    }
    if (async == 0 || async == generated.size()) {
      // An empty folder would pass animal-sniffer unchecked: the inputs have both kinds.
      throw new IllegalStateException(
          "expected generated classes of both API levels, got " + async + " of "
              + generated.size() + " for API 24");
    }
    System.out.printf(
        "%d generated classes: %d for API 21, %d for API 24%n",
        generated.size(), generated.size() - async, async);
  }

  private static void deleteRecursively(Path folder) throws IOException {
    if (!Files.exists(folder)) {
      return;
    }
    try (Stream<Path> files = Files.walk(folder)) {
      for (Path file : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
        Files.delete(file);
      }
    }
  }

  /** Whether the class file's constant pool names one of {@link #ASYNC} (they are ASCII). */
  private static boolean refersToAsync(byte[] classFile) {
    String text = new String(classFile, StandardCharsets.ISO_8859_1);
    for (String name : ASYNC) {
      if (text.contains(name)) {
        return true;
      }
    }
    return false;
  }
}
