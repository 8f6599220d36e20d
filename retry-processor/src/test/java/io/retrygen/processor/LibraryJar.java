package io.retrygen.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.tools.JavaFileObject;

/**
 * Types of package {@code lib} as a jar holds them, in a directory: class files only, compiled
 * without any processor. For tests of inputs whose supertypes or meta-annotations come from the
 * class path rather than from the compilation.
 */
final class LibraryJar {
  private LibraryJar() {}

  /** Compiles {@code sources} (package {@code lib}) with no processor into {@code jar}. */
  static void compile(Path jar, JavaFileObject... sources) throws IOException {
    Compilation library = Compiler.javac().withOptions("-proc:none").compile(sources);
    assertThat(library).succeeded();
    for (JavaFileObject file : library.generatedFiles()) {
      if (file.getKind() != JavaFileObject.Kind.CLASS) {
        continue;
      }
      String path = file.toUri().getPath();
      Path target = jar.resolve(path.substring(path.indexOf("/lib/") + 1));
      Files.createDirectories(target.getParent());
      try (InputStream in = file.openInputStream()) {
        Files.copy(in, target);
      }
    }
  }

  /** javac with {@code processor}, {@code jar} ahead of the test's class path, lint on. */
  static Compiler javac(Path jar, Processor processor) {
    List<File> classpath = new ArrayList<>();
    classpath.add(jar.toFile());
    classpath.addAll(TestClasspath.without());
    return Compiler.javac()
        .withProcessors(processor)
        .withOptions("-Xlint:all,-processing")
        .withClasspath(classpath);
  }
}
