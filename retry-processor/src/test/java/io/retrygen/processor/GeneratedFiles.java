package io.retrygen.processor;

import com.google.testing.compile.Compilation;
import java.io.IOException;
import java.io.UncheckedIOException;

/** What a compilation generated, read back by tests that look into it. */
final class GeneratedFiles {
  private GeneratedFiles() {}

  /** The source of the class {@code name} generated, failing the test when there is none. */
  static String generated(Compilation compilation, String name) {
    try {
      return compilation
          .generatedSourceFile(name)
          .orElseThrow(() -> new AssertionError(name + " was not generated"))
          .getCharContent(false)
          .toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
