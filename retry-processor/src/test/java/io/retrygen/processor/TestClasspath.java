package io.retrygen.processor;

import java.io.File;
import java.util.ArrayList;
import java.util.List;

/** The test's own class path, less some artifacts: for compilations that must miss a module. */
final class TestClasspath {
  /** The Kotlin module and what it brings: Kotlin's standard library and kotlinx-coroutines. */
  static final String[] KOTLIN = {"retry-kotlin", "kotlin-stdlib", "kotlinx-coroutines", "annotations-13"};

  private TestClasspath() {}

  /** Every entry of the test class path whose path contains none of {@code fragments}. */
  static List<File> without(String... fragments) {
    List<File> classpath = new ArrayList<>();
    entries:
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      for (String fragment : fragments) {
        if (entry.contains(fragment)) {
          continue entries;
        }
      }
      classpath.add(new File(entry));
    }
    return classpath;
  }
}
