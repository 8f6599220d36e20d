package io.retrygen.kt

import java.nio.file.Files
import java.nio.file.Path
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Test

/**
 * The README's Maven set-up for Kotlin is this module's own configuration: every line of the block
 * after `<!-- excerpt of integration-tests-kotlin/pom.xml -->` is a line of this pom, in order
 * (indentation aside, the README block being shallower; lines may be left out).
 */
class ReadmeKotlinTest {
  private val readme = Path.of(System.getProperty("readme.file", "../README.md"))
  private val pom = Path.of(System.getProperty("pom.file", "pom.xml"))
  private val version = System.getProperty("project.version", "0.1.0-SNAPSHOT")

  @Test
  fun readmeMavenSetUpIsAnExcerptOfThisPom() {
    val lines = Files.readAllLines(readme)
    val markers = lines.withIndex().filter { it.value == MARKER }
    assertEquals(1, markers.size, "lines \"$MARKER\" in README.md")
    val start = markers.single().index + 1
    assertEquals("```xml", lines[start], "README.md:${start + 1}")
    val end = lines.subList(start + 1, lines.size).indexOf("```") + start + 1
    val block = lines.subList(start + 1, end).map { it.trim() }.filter { it.isNotEmpty() }
    // The README shows the version a user writes where this module takes the reactor's.
    val own = Files.readAllLines(pom).map { it.replace("\${project.version}", version).trim() }

    assertNull(
      firstLineNotIn(block, own),
      "this README line is not in integration-tests-kotlin/pom.xml (in this order)",
    )
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
