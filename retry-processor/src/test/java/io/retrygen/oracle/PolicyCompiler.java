package io.retrygen.oracle;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.retrygen.processor.RetryProcessor;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;

/**
 * Compiles policies through the real processor, in process, many to a compilation, and loads
 * what javac wrote in a class loader of their own whose parent is the test's (so the generated
 * classes and the test share the runtime, {@link Hooks} and the failure classes).
 */
final class PolicyCompiler {
  /** Compilations made, for the figures. */
  static final AtomicInteger compilations = new AtomicInteger();
  /** Makes every copy's names unique in the JVM: budgets and named breakers outlive a case. */
  private static final AtomicLong tags = new AtomicLong();

  private PolicyCompiler() {}

  /** Fresh names for the {@code slots} pairs of one compiled type. */
  static List<Names> freshNames(int slots) {
    long tag = tags.incrementAndGet();
    List<Names> names = new ArrayList<>();
    for (int slot = 0; slot < slots; slot++) {
      names.add(new Names("P" + tag, "t" + tag, slot));
    }
    return names;
  }

  /**
   * Compiles the types of {@code sources} (qualified name to source text) and loads the result.
   *
   * @throws AssertionError naming each error and the source it is in
   */
  static ClassLoader compile(Map<String, String> texts) {
    compilations.incrementAndGet();
    List<JavaFileObject> sources = new ArrayList<>();
    for (Map.Entry<String, String> text : texts.entrySet()) {
      sources.add(JavaFileObjects.forSourceString(text.getKey(), text.getValue()));
    }
    Compilation compilation = Compiler.javac().withProcessors(new RetryProcessor())
        .compile(sources);
    if (compilation.status() != Compilation.Status.SUCCESS) {
      StringBuilder message = new StringBuilder("A drawn policy does not compile:\n");
      for (Diagnostic<? extends JavaFileObject> error : compilation.errors()) {
        message.append(error).append('\n');
        String source = error.getSource() == null ? null : error.getSource().getName();
        for (Map.Entry<String, String> text : texts.entrySet()) {
          if (source != null && source.contains(text.getKey().replace('.', '/'))) {
            message.append(text.getValue()).append('\n');
          }
        }
      }
      throw new AssertionError(message);
    }
    return new InMemoryClassLoader(classFiles(compilation), PolicyCompiler.class.getClassLoader());
  }

  private static Map<String, byte[]> classFiles(Compilation compilation) {
    Map<String, byte[]> classes = new HashMap<>();
    for (JavaFileObject file : compilation.generatedFiles()) {
      if (file.getKind() != JavaFileObject.Kind.CLASS) {
        continue;
      }
      String path = file.toUri().getPath();
      int start = path.indexOf(Names.PACKAGE.replace('.', '/') + "/");
      String name = path.substring(start, path.length() - ".class".length()).replace('/', '.');
      try (InputStream in = file.openInputStream()) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        for (int n; (n = in.read(buffer)) > 0; ) {
          bytes.write(buffer, 0, n);
        }
        classes.put(name, bytes.toByteArray());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return classes;
  }

  /** Defines the classes of one compilation. */
  private static final class InMemoryClassLoader extends ClassLoader {
    private final Map<String, byte[]> classes;

    InMemoryClassLoader(Map<String, byte[]> classes, ClassLoader parent) {
      super(parent);
      this.classes = classes;
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
      byte[] bytes = classes.get(name);
      if (bytes == null) {
        throw new ClassNotFoundException(name);
      }
      return defineClass(name, bytes, 0, bytes.length);
    }
  }
}
