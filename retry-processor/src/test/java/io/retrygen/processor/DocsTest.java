package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Keeps the README's code from going stale: a {@code java} block (a {@code json} one for a policy
 * inventory) right after {@code <!-- copy of golden/<file> -->} must be that golden file exactly,
 * and one after {@code <!-- excerpt of golden/<file> -->} must be an abridgement of it: its lines,
 * except {@code // ...} markers, appear in the golden file in the same order, with the same text
 * and indentation. {@code GoldenTest}
 * keeps the golden files equal to what the processor writes, so together they check the README
 * against the processor.
 */
class ReadmeTest {
  private static final Path README =
      Paths.get(System.getProperty("readme.file", "../README.md"));
  private static final Path GOLDEN_DIR =
      Paths.get(System.getProperty("golden.dir", "src/test/resources/golden"));
  private static final Pattern MARKER =
      Pattern.compile("^<!-- (copy|excerpt) of golden/(\\S+) -->$");

  @Test
  void readmeCodeMatchesTheGoldenFiles() throws IOException {
    List<String> readme = Files.readAllLines(README, StandardCharsets.UTF_8);
    int excerpts = 0;
    int copies = 0;
    for (int i = 0; i < readme.size(); i++) {
      Matcher marker = MARKER.matcher(readme.get(i));
      if (!marker.matches()) {
        continue;
      }
      String where = "README.md:" + (i + 1) + " " + readme.get(i);
      List<String> block = javaBlockAfter(readme, i, where);
      List<String> golden =
          Files.readAllLines(GOLDEN_DIR.resolve(marker.group(2)), StandardCharsets.UTF_8);
      if (marker.group(1).equals("copy")) {
        assertWithMessage(where).that(block).containsExactlyElementsIn(golden).inOrder();
        copies++;
      } else {
        assertWithMessage(where + ": this README line is not in the golden file (in this order)")
            .that(firstLineNotIn(block, golden))
            .isNull();
        excerpts++;
      }
    }
    // The Quick look shows the input and the generated class; a renamed marker must not turn
    // this test into one that checks nothing.
    assertWithMessage("copy markers in README.md").that(copies).isAtLeast(1);
    assertWithMessage("excerpt markers in README.md").that(excerpts).isAtLeast(1);
  }

  @Test
  void anExcerptLineTheGoldenFileLacksIsReported() {
    List<String> golden = Arrays.asList("class A {", "  int a;", "  int b;", "}");
    assertThat(firstLineNotIn(Arrays.asList("class A {", "  // ...", "  int b;", "}"), golden))
        .isNull();
    assertThat(firstLineNotIn(Arrays.asList("class A {", "  int c;", "}"), golden))
        .isEqualTo("  int c;");
    assertThat(firstLineNotIn(Arrays.asList("class A {", "  int b;", "  int a;"), golden))
        .isEqualTo("  int a;"); // out of order
    assertThat(firstLineNotIn(Arrays.asList("class A {", "int a;"), golden))
        .isEqualTo("int a;"); // indentation counts
  }

  /**
   * The lines of the {@code ```java} block (for a golden {@code .json} file, the {@code ```json}
   * block) that starts on the line after {@code marker}.
   */
  private static List<String> javaBlockAfter(List<String> readme, int marker, String where) {
    String fence = where.endsWith(".json -->") ? "```json" : "```java";
    assertWithMessage(where + ": must be followed by a " + fence + " line")
        .that(marker + 1 < readme.size() ? readme.get(marker + 1) : null)
        .isEqualTo(fence);
    List<String> block = new ArrayList<>();
    for (int i = marker + 2; i < readme.size(); i++) {
      if (readme.get(i).equals("```")) {
        return block;
      }
      block.add(readme.get(i));
    }
    throw new AssertionError(where + ": the ```java block is not closed");
  }

  /**
   * The first line of {@code excerpt} that is not found, exactly, in {@code golden} after the line
   * matched by its predecessor; null if the excerpt is an abridgement of {@code golden}. A line that
   * is only {@code // ...} (indented or not) stands for omitted lines and matches nothing.
   */
  static String firstLineNotIn(List<String> excerpt, List<String> golden) {
    int next = 0;
    for (String line : excerpt) {
      if (line.trim().equals("// ...")) {
        continue;
      }
      int found = golden.subList(next, golden.size()).indexOf(line);
      if (found < 0) {
        return line;
      }
      next += found + 1;
    }
    return null;
  }
}
