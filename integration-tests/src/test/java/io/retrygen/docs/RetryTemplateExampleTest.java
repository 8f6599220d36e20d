package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps the README's "Retrying a lambda" example true: it runs and prints what the README says it
 * prints, and the README's {@code java} block right after {@code <!-- copy of
 * integration-tests/<path> -->} is that file exactly, so what a reader copies is what this test
 * compiled and ran. (The processor's {@code ReadmeTest} checks the markers of golden files.)
 */
class ReadmeTemplateExampleTest {
  /** The module's directory is the working directory of its tests. */
  private static final Path ROOT = Paths.get("..");
  private static final Pattern MARKER =
      Pattern.compile("^<!-- copy of (integration-tests/\\S+) -->$");
  private static final String EXAMPLE =
      "integration-tests/src/test/java/io/retrygen/it/ReadmeTemplateExample.java";

  private static final List<String> OUTPUT = asList(
      "sku-1: 42 after 3 calls",
      "gave up after attempt 1: java.io.FileNotFoundException: sku-404",
      "sku-404: -1",
      "sku-2: 42 after 2 calls");

  @Test
  void theExampleRetriesRecoversAndRetriesAsynchronously() throws Exception {
    assertEquals(OUTPUT, ReadmeTemplateExample.run());
  }

  @Test
  void theReadmeShowsTheExampleAndWhatItPrints() throws IOException {
    List<String> readme = Files.readAllLines(ROOT.resolve("README.md"), StandardCharsets.UTF_8);
    List<String> copied = new ArrayList<>();
    for (int i = 0; i < readme.size(); i++) {
      Matcher marker = MARKER.matcher(readme.get(i));
      if (!marker.matches()) {
        continue;
      }
      String where = "README.md:" + (i + 1) + " " + readme.get(i);
      List<String> file = Files.readAllLines(ROOT.resolve(marker.group(1)), StandardCharsets.UTF_8);
      assertSameLines(file, block(readme, i + 1, "```java", where), where);
      copied.add(marker.group(1));
      if (marker.group(1).equals(EXAMPLE)) {
        int output = nextFence(readme, i + 2 + file.size(), "```text", where);
        assertSameLines(OUTPUT, block(readme, output, "```text", where), where + ", its output");
      }
    }
    // A renamed marker must not turn this test into one that checks nothing.
    assertTrue(copied.contains(EXAMPLE), "no <!-- copy of " + EXAMPLE + " --> in README.md");
  }

  /** Fails on the first line of the README's block that differs, naming it. */
  private static void assertSameLines(List<String> expected, List<String> block, String where) {
    for (int i = 0; i < Math.max(expected.size(), block.size()); i++) {
      assertEquals(i < expected.size() ? expected.get(i) : "(the end of the block)",
          i < block.size() ? block.get(i) : "(the end of the block)",
          where + ": line " + (i + 1) + " of the block");
    }
  }

  /** The lines between {@code fence} on line {@code start} and the next closing fence. */
  private static List<String> block(List<String> readme, int start, String fence, String where) {
    assertEquals(fence, start < readme.size() ? readme.get(start) : null,
        where + ": must be followed by a " + fence + " line");
    for (int i = start + 1; i < readme.size(); i++) {
      if (readme.get(i).equals("```")) {
        return readme.subList(start + 1, i);
      }
    }
    throw new AssertionError(where + ": the " + fence + " block is not closed");
  }

  /** The first line at or after {@code from} that is {@code fence}, before any other heading. */
  private static int nextFence(List<String> readme, int from, String fence, String where) {
    for (int i = from; i < readme.size() && !readme.get(i).startsWith("#"); i++) {
      if (readme.get(i).equals(fence)) {
        return i;
      }
    }
    throw new AssertionError(where + ": no " + fence + " block with the output follows");
  }
}
