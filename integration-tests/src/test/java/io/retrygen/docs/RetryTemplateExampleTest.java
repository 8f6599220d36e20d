package io.retrygen.docs;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Keeps the guide's "Retrying a lambda" example true: it runs and prints what
 * docs/retry-template.md says it prints. (The processor's {@code DocsTest} checks that the page's
 * block is a copy of the file.)
 */
class RetryTemplateExampleTest {
  /** The module's directory is the working directory of its tests. */
  private static final Path PAGE = Paths.get("..", "docs", "retry-template.md");
  private static final String MARKER =
      "<!-- copy of integration-tests/src/test/java/io/retrygen/docs/RetryTemplateExample.java -->";

  private static final List<String> OUTPUT = asList(
      "sku-1: 42 after 3 calls",
      "gave up after attempt 1: java.io.FileNotFoundException: sku-404",
      "sku-404: -1",
      "sku-2: 42 after 2 calls");

  @Test
  void theExampleRetriesRecoversAndRetriesAsynchronously() throws Exception {
    assertEquals(OUTPUT, RetryTemplateExample.run());
  }

  @Test
  void thePageShowsWhatTheExamplePrints() throws IOException {
    List<String> page = Files.readAllLines(PAGE, StandardCharsets.UTF_8);
    int marker = page.indexOf(MARKER);
    assertTrue(marker >= 0, "no " + MARKER + " in " + PAGE);
    int output = page.subList(marker, page.size()).indexOf("```text") + marker;
    assertTrue(output > marker, "no ```text block with the output after " + MARKER);
    int end = page.subList(output + 1, page.size()).indexOf("```") + output + 1;
    assertEquals(OUTPUT, page.subList(output + 1, end), PAGE + ":" + (output + 1));
  }
}
