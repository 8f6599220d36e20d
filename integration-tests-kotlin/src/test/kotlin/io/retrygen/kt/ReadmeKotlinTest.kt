package io.retrygen.kt

import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/**
 * The user guide's Maven set-up for Kotlin (docs/setup.md) is this module's own configuration:
 * every line of the block after `<!-- excerpt of integration-tests-kotlin/pom.xml -->` is a line of
 * this pom, in order (indentation aside, the guide's block being shallower; lines may be left out).
 * The generated `suspend` method the guide shows (docs/async.md) is the one kapt writes here.
 */
class ReadmeKotlinTest {
  private val docs = Path.of(System.getProperty("docs.dir", "../docs"))
  private val pom = Path.of(System.getProperty("pom.file", "pom.xml"))
  private val version = System.getProperty("project.version", "0.1.0-SNAPSHOT")
  private val generatedDir =
    Path.of(System.getProperty("generated.dir", "target/generated-sources/kapt/compile"))

  @Test
  fun readmeMavenSetUpIsAnExcerptOfThisPom() {
    val lines = Files.readAllLines(docs.resolve("setup.md"))
    val markers = lines.withIndex().filter { it.value == MARKER }
    assertEquals(1, markers.size, "lines \"$MARKER\" in docs/")
    val start = markers.single().index + 1
    assertEquals("```xml", lines[start], "docs:${start + 1}")
    val end = lines.subList(start + 1, lines.size).indexOf("```") + start + 1
    val block = lines.subList(start + 1, end).map { it.trim() }.filter { it.isNotEmpty() }
    // The guide shows the version a user writes where this module takes the reactor's.
    val own = Files.readAllLines(pom).map { it.replace("\${project.version}", version).trim() }

    assertNull(
      firstLineNotIn(block, own),
      "this line of docs/setup.md is not in integration-tests-kotlin/pom.xml (in this order)",
    )
  }

  /** The guide's generated `suspend` method is the one kapt and the processor write here. */
  @Test
  fun readmeGeneratedSuspendMethodIsThisModulesGeneratedCode() {
    val lines = Files.readAllLines(docs.resolve("async.md"))
    val start = lines.indexOf(GENERATED_MARKER) + 1
    assertTrue(start > 0, "a line \"$GENERATED_MARKER\" in docs/")
    assertEquals("```java", lines[start], "docs:${start + 1}")
    val end = lines.subList(start + 1, lines.size).indexOf("```") + start + 1
    val block = lines.subList(start + 1, end).map { it.trim() }.filter { it.isNotEmpty() }
    val generated =
      Files.readAllLines(generatedDir.resolve("io/retrygen/kt/QuoteServiceRetrying.java"))
        .map { it.trim() }
        .filter { it.isNotEmpty() }

    assertTrue(block.size > 10, "block in docs/async.md: $block")
    // From the @Override before the method's signature, which is the block's second line.
    val first = generated.indexOf(block[1]) - 1
    assertTrue(first >= 0, "${block[1]} in QuoteServiceRetrying.java")
    assertEquals(block, generated.subList(first, minOf(first + block.size, generated.size)))
  }

  @Test
  fun anExcerptLineThePomLacksOrHasEarlierIsReported() {
    val pom = listOf("<a>", "<b>", "<c>")
    assertNull(firstLineNotIn(listOf("<a>", "<c>"), pom))
    assertEquals("<d>", firstLineNotIn(listOf("<a>", "<d>"), pom))
    assertEquals("<a>", firstLineNotIn(listOf("<b>", "<a>"), pom))
  }

  private companion object {
    const val MARKER = "<!-- excerpt of integration-tests-kotlin/pom.xml -->"
    const val GENERATED_MARKER =
      "<!-- excerpt of integration-tests-kotlin/target/generated-sources/kapt/compile/" +
        "io/retrygen/kt/QuoteServiceRetrying.java -->"

    /** The first line of [excerpt] not found in [pom] after its predecessor's; null if none. */
    fun firstLineNotIn(excerpt: List<String>, pom: List<String>): String? {
      var next = 0
      for (line in excerpt) {
        val found = pom.subList(next, pom.size).indexOf(line)
        if (found < 0) {
          return line
        }
        next += found + 1
      }
      return null
    }
  }
}
