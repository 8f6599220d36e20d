package io.retrygen.rewrite;

import java.io.File;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.openrewrite.java.JavaParser;

/** The test's class path entries the sources of the tests are parsed against. */
final class TestClasspath {
  private TestClasspath() {}

  /**
   * Entries whose path contains one of the fragments: a jar in the local repository, or a
   * module's {@code target/classes} when Maven resolves it in the reactor.
   */
  static List<Path> of(String... fragments) {
    List<Path> paths = new ArrayList<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String normalized = entry.replace('\\', '/');
      for (String fragment : fragments) {
        if (normalized.contains(fragment)) {
          paths.add(Paths.get(entry));
          break;
        }
      }
    }
    if (paths.size() < fragments.length) {
      throw new IllegalStateException("not all of " + String.join(", ", fragments)
          + " are on the test class path: " + paths);
    }
    return paths;
  }

  /** Spring Retry, Spring Framework 7 and retrygen's annotations, runtime and Spring module. */
  static JavaParser.Builder<?, ?> parser() {
    return JavaParser.fromJavaVersion().classpath(of(
        "/spring-retry-", "/spring-context-7", "/spring-core-7", "/spring-beans-7",
        "/spring-aop-7", "retry-annotations", "retry-runtime", "retry-spring"));
  }
}
