package io.retrygen.benchmarks.tools;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The generated inputs of {@link CompileCost}: {@code n} small annotated types, one per file, in
 * package {@code bench.generated}. Each retrygen input is an interface with a type-level {@code
 * @Retryable} and three methods, one of them with its own {@code @Retryable} (as in {@code
 * run.sh}); each AutoValue input is an {@code @AutoValue} abstract class with three properties
 * and the usual static factory that calls the generated constructor.
 *
 * <p>The baselines compile without a processor ({@code -proc:none}), so they must compile without
 * what a processor generates. The retrygen interfaces never name their generated class: their
 * baseline is the same files. An AutoValue class names {@code AutoValue_X} in its factory: its
 * baseline is the same file whose factory throws instead (same signature, one {@code new}
 * expression either way), so the difference to it is the processor plus compiling what it
 * generated, not less user code.
 */
final class CompileInputs {
  static final String PACKAGE = "bench.generated";

  /** Which inputs. */
  enum Kind {
    RETRYGEN("Client"),
    AUTOVALUE("Value"),
    AUTOVALUE_BASELINE("Value");

    final String prefix;

    Kind(String prefix) {
      this.prefix = prefix;
    }
  }

  private CompileInputs() {}

  /** Simple names of the {@code n} input types: {@code Client0001}... (zero-padded to sort). */
  static List<String> names(Kind kind, int n) {
    int width = Integer.toString(n).length();
    List<String> names = new ArrayList<>(n);
    for (int i = 1; i <= n; i++) {
      names.add(kind.prefix + String.format(Locale.ROOT, "%0" + width + "d", i));
    }
    return names;
  }

  /** Writes the {@code n} inputs under {@code root} (a source root) and returns their paths. */
  static List<Path> write(Kind kind, int n, Path root) throws IOException {
    Path dir = root.resolve(PACKAGE.replace('.', '/'));
    Files.createDirectories(dir);
    List<Path> files = new ArrayList<>(n);
    for (String name : names(kind, n)) {
      Path file = dir.resolve(name + ".java");
      Files.write(file, source(kind, name).getBytes(StandardCharsets.UTF_8));
      files.add(file);
    }
    return files;
  }

  static String source(Kind kind, String name) {
    switch (kind) {
      case RETRYGEN:
        return String.join("\n",
            "package " + PACKAGE + ";",
            "",
            "import io.retrygen.Backoff;",
            "import io.retrygen.Retryable;",
            "import java.io.IOException;",
            "import java.util.List;",
            "",
            "@Retryable(maxAttempts = 4, backoff = @Backoff(delay = 100, multiplier = 2,"
                + " maxDelay = 2000))",
            "public interface " + name + " {",
            "  String fetch(String id) throws IOException;",
            "",
            "  List<String> list(int page, int size);",
            "",
            "  @Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))",
            "  void store(String id, byte[] body);",
            "}",
            "");
      case AUTOVALUE:
      case AUTOVALUE_BASELINE:
        String body = kind == Kind.AUTOVALUE
            ? "    return new AutoValue_" + name + "(id, names, page);"
            : "    throw new UnsupportedOperationException();";
        return String.join("\n",
            "package " + PACKAGE + ";",
            "",
            "import com.google.auto.value.AutoValue;",
            "import java.util.List;",
            "",
            "@AutoValue",
            "public abstract class " + name + " {",
            "  public abstract String id();",
            "",
            "  public abstract List<String> names();",
            "",
            "  public abstract int page();",
            "",
            "  public static " + name + " create(String id, List<String> names, int page) {",
            body,
            "  }",
            "}",
            "");
      default:
        throw new AssertionError(kind);
    }
  }
}
