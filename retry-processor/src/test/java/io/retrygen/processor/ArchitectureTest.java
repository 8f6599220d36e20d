package io.retrygen.processor;

import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The processor's stages depend on each other in one direction only (see the package-info files
 * and ARCHITECTURE.md): a stage may use the packages below it and never one above, so that a
 * reader can follow read → check → write without meeting a call that runs backwards.
 *
 * <p>Checked on the compiled classes rather than on import lines, so a fully qualified name in
 * code counts too: every class name a class file mentions (in its constant pool, descriptors and
 * signatures) must be in its own package or in one its package may use.
 */
class ArchitectureTest {
  private static final String ROOT = "io/retrygen/processor";

  /** For each stage, the stages it may use. The processor itself (the root) may use all. */
  private static final Map<String, Set<String>> MAY_USE = new LinkedHashMap<>();

  static {
    allow("elements");
    allow("model", "elements");
    allow("read", "elements", "model");
    allow("check", "elements", "model", "read");
    allow("write", "elements", "model");
    allow("inventory", "elements", "model");
  }

  private static void allow(String stage, String... below) {
    MAY_USE.put(stage, new TreeSet<>(Arrays.asList(below)));
  }

  private static final Pattern MENTION = Pattern.compile(ROOT + "/(?:(\\w+)/)?[A-Z][\\w$]*");

  @Test
  void everyStageUsesOnlyTheStagesBelowIt() throws IOException {
    List<String> violations = new ArrayList<>();
    for (Path classFile : classFiles()) {
      String stage = stageOf(classFile);
      if (stage.isEmpty()) {
        continue;
      }
      for (String used : mentionedStages(classFile)) {
        if (!used.equals(stage) && !MAY_USE.get(stage).contains(used)) {
          violations.add(name(classFile) + " (" + stage + ") uses "
              + (used.isEmpty() ? "the processor's root package" : used));
        }
      }
    }
    assertWithMessage("dependencies against the flow").that(violations).isEmpty();
  }

  @Test
  void everyPackageIsAKnownStage() throws IOException {
    Set<String> stages = new TreeSet<>();
    for (Path classFile : classFiles()) {
      stages.add(stageOf(classFile));
    }
    stages.remove("");
    assertWithMessage("a new package needs its place in MAY_USE, package-info and ARCHITECTURE.md")
        .that(MAY_USE.keySet())
        .containsAtLeastElementsIn(stages);
  }

  @Test
  void theCheckSeesTheWholeProcessor() throws IOException {
    // Guards the test itself: were the classes not found, the checks above would pass on nothing.
    Set<String> stages = new TreeSet<>();
    for (Path classFile : classFiles()) {
      stages.add(stageOf(classFile));
    }
    assertWithMessage("stages found in %s", classesRoot())
        .that(stages)
        .containsAtLeast("", "elements", "model", "read", "check");
  }

  /** Every stage whose classes {@code classFile} mentions; "" for the root package. */
  private static Set<String> mentionedStages(Path classFile) throws IOException {
    String text = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
    Set<String> used = new TreeSet<>();
    Matcher matcher = MENTION.matcher(text);
    while (matcher.find()) {
      used.add(matcher.group(1) == null ? "" : matcher.group(1));
    }
    return used;
  }

  private static String stageOf(Path classFile) {
    Path relative = classesRoot().resolve(ROOT).relativize(classFile);
    return relative.getNameCount() == 1 ? "" : relative.getName(0).toString();
  }

  private static String name(Path classFile) {
    return classesRoot().relativize(classFile).toString();
  }

  private static List<Path> classFiles() throws IOException {
    try (Stream<Path> files = Files.walk(classesRoot().resolve(ROOT))) {
      List<Path> classes =
          files.filter(f -> f.toString().endsWith(".class")).sorted().collect(Collectors.toList());
      return Collections.unmodifiableList(classes);
    }
  }

  private static Path classesRoot() {
    try {
      return Paths.get(
          RetryProcessor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    } catch (URISyntaxException e) {
      throw new AssertionError(e);
    }
  }
}
