package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import io.retrygen.runtime.PolicyOverrides;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the user documentation ({@code README.md} and {@code docs/*.md}) from going stale.
 *
 * <ul>
 *   <li>A fenced block right after {@code <!-- copy of <path> -->} must be that file exactly, and
 *       one after {@code <!-- excerpt of <path> -->} an abridgement of it: its lines, except
 *       {@code // ...} lines, appear in the file in the same order, with the same text and
 *       indentation (for an {@code xml} block, indentation aside, with {@code ${project.version}}
 *       read as the project's version). {@code <path>} is from the repository root;
 *       {@code golden/X} is short for the processor's golden files, which {@code GoldenTest} keeps
 *       equal to what the processor writes. A path under a module's {@code target/} is checked
 *       when it exists (that module's own tests check it after generating it).
 *   <li>Every {@code java} and {@code kotlin} block follows such a marker: the code a reader copies
 *       is a file that the build compiles (the examples under {@code io.retrygen.docs} in the
 *       integration-test modules are compiled with the processor and run).
 *   <li>Build snippets name only published {@code io.retrygen} modules, at the project's version;
 *       {@code -pl} modules and {@code -Dexec.mainClass} classes of commands exist; {@code
 *       retrygen.*} keys of {@code properties}/{@code yaml} blocks are keys {@link
 *       PolicyOverrides} (and so the Spring binding) accepts.
 *   <li>Every relative link resolves to a file, and its {@code #anchor} to a heading of it.
 * </ul>
 */
class DocsTest {
  private static final Path ROOT = Paths.get(System.getProperty("docs.root", ".."));
  private static final String GOLDEN = "retry-processor/src/test/resources/golden/";

  private static final Pattern MARKER =
      Pattern.compile("^<!-- (copy|excerpt) of (\\S+?)(?: \\(.*\\))? -->$");
  private static final Pattern FENCE = Pattern.compile("^```(\\S*)$");
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern XML_ARTIFACT = Pattern.compile(
      "<groupId>io\\.retrygen</groupId>\\s*<artifactId>([^<]+)</artifactId>"
          + "(?:\\s*<version>([^<]+)</version>)?");
  private static final Pattern COORDINATES =
      Pattern.compile("[\"']io\\.retrygen:([\\w.-]+):([^\"']+)[\"']");
  private static final Pattern MODULES = Pattern.compile("(?:^|\\s)-pl\\s+(\\S+)");
  private static final Pattern MAIN_CLASS = Pattern.compile("-Dexec\\.mainClass=(\\S+)");
  private static final Pattern JSON_KEY =
      Pattern.compile("\"(retrygen\\.[^\"]+)\"\\s*:\\s*([^,}\\s]+)");

  /** A fenced block of a page: where it starts, its language, its lines, the marker before it. */
  static final class Block {
    final String where;
    final String lang;
    final List<String> lines;
    final String marker;

    Block(String where, String lang, List<String> lines, String marker) {
      this.where = where;
      this.lang = lang;
      this.lines = lines;
      this.marker = marker;
    }
  }

  @Test
  void markedBlocksAreCopiesOrExcerptsOfTheirFiles() throws IOException {
    List<String> failures = new ArrayList<>();
    int checked = 0;
    for (Block block : allBlocks()) {
      if (block.marker == null) {
        continue;
      }
      Matcher marker = MARKER.matcher(block.marker);
      if (!marker.matches()) {
        if (block.marker.startsWith("<!-- copy") || block.marker.startsWith("<!-- excerpt")) {
          failures.add(block.where + ": malformed marker " + block.marker);
        }
        continue;
      }
      String path = marker.group(2);
      Path file = ROOT.resolve(path.startsWith("golden/") ? GOLDEN + path.substring(7) : path);
      if (!Files.isRegularFile(file)) {
        if (!path.contains("/target/")) {
          failures.add(block.where + ": " + path + " does not exist");
        }
        continue;
      }
      List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
      List<String> shown = block.lines;
      if (block.lang.equals("xml")) {
        lines = trimmed(lines.stream()
            .map(l -> l.replace("${project.version}", projectVersion()))
            .collect(Collectors.toList()));
        shown = trimmed(shown);
      }
      String problem = marker.group(1).equals("copy")
          ? firstDifference(shown, lines)
          : firstLineNotIn(shown, lines);
      if (problem != null) {
        failures.add(block.where + ": not "
            + (marker.group(1).equals("copy") ? "a copy" : "an excerpt")
            + " of " + path + ": " + problem);
      }
      checked++;
    }
    assertWithMessage("blocks that differ from their files").that(failures).isEmpty();
    assertWithMessage("marked blocks (a marker that no longer matches checks nothing)")
        .that(checked).isAtLeast(10);
  }

  @Test
  void everyJavaAndKotlinBlockIsACopyOrExcerptOfACompiledFile() throws IOException {
    List<String> unmarked = new ArrayList<>();
    for (Block block : allBlocks()) {
      if ((block.lang.equals("java") || block.lang.equals("kotlin"))
          && (block.marker == null || !MARKER.matcher(block.marker).matches())) {
        unmarked.add(block.where + " (```" + block.lang + ")");
      }
    }
    assertWithMessage("java/kotlin blocks without a <!-- copy of ... --> or <!-- excerpt of ... -->"
        + " line right before them").that(unmarked).isEmpty();
  }

  @Test
  void buildSnippetsNameThePublishedModulesAtTheProjectsVersion() throws IOException {
    Set<String> published = publishedModules();
    String version = projectVersion();
    List<String> failures = new ArrayList<>();
    for (Block block : allBlocks()) {
      String text = String.join("\n", block.lines);
      List<Matcher> found = new ArrayList<>();
      found.add(XML_ARTIFACT.matcher(text));
      found.add(COORDINATES.matcher(text));
      for (Matcher m : found) {
        while (m.find()) {
          if (!published.contains(m.group(1))) {
            failures.add(block.where + ": io.retrygen:" + m.group(1) + " is no published module "
                + published);
          }
          String v = m.group(2);
          if (v != null && !v.equals(version) && !v.equals("${project.version}")) {
            failures.add(block.where + ": io.retrygen:" + m.group(1) + ":" + v
                + " is not the project's version " + version);
          }
        }
      }
    }
    assertWithMessage("build snippets").that(failures).isEmpty();
  }

  @Test
  void commandsNameModulesAndClassesThatExist() throws IOException {
    List<String> failures = new ArrayList<>();
    int commands = 0;
    for (Block block : allBlocks()) {
      if (!block.lang.equals("sh")) {
        continue;
      }
      String text = String.join("\n", block.lines);
      Matcher modules = MODULES.matcher(text);
      while (modules.find()) {
        commands++;
        for (String module : modules.group(1).split(",")) {
          if (!modules().contains(module)) {
            failures.add(block.where + ": -pl " + module + " is no module of the build");
          }
        }
      }
      Matcher main = MAIN_CLASS.matcher(text);
      while (main.find()) {
        String source = "src/main/java/" + main.group(1).replace('.', '/') + ".java";
        if (modules().stream()
            .noneMatch(m -> Files.isRegularFile(ROOT.resolve(m).resolve(source)))) {
          failures.add(block.where + ": -Dexec.mainClass=" + main.group(1)
              + " is no main class of a module");
        }
      }
    }
    assertWithMessage("commands").that(failures).isEmpty();
    assertWithMessage("commands with -pl").that(commands).isAtLeast(2);
  }

  @Test
  void propertyKeysAreKeysTheOverridesRead() throws IOException {
    List<String> failures = new ArrayList<>();
    for (Block block : allBlocks()) {
      Map<String, String> keys = new LinkedHashMap<>();
      if (block.lang.equals("properties")) {
        Properties properties = new Properties();
        properties.load(new StringReader(String.join("\n", block.lines)));
        for (String key : properties.stringPropertyNames()) {
          keys.put(key, properties.getProperty(key));
        }
      } else if (block.lang.equals("yaml")) {
        keys.putAll(flattenYaml(block.lines));
      } else if (block.lang.equals("sh")) {
        Matcher json = JSON_KEY.matcher(String.join("\n", block.lines));
        while (json.find()) {
          keys.put(json.group(1), json.group(2).replace("\"", ""));
        }
      } else {
        continue;
      }
      Map<String, String> overrides = new HashMap<>();
      keys.forEach((k, v) -> {
        if (k.startsWith("retrygen.")) {
          overrides.put(k, v);
        }
      });
      try {
        PolicyOverrides.from(overrides);
      } catch (IllegalArgumentException e) {
        failures.add(block.where + ": " + e.getMessage());
      }
    }
    assertWithMessage("retrygen.* keys").that(failures).isEmpty();
  }

  @Test
  void relativeLinksResolveToFilesAndHeadings() throws IOException {
    List<String> failures = new ArrayList<>();
    int links = 0;
    for (Path page : pages()) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      boolean inCode = false;
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i);
        if (line.startsWith("```")) {
          inCode = !inCode;
          continue;
        }
        if (inCode) {
          continue;
        }
        Matcher link = LINK.matcher(line.replaceAll("`[^`]*`", "``"));
        while (link.find()) {
          String target = link.group(1);
          if (target.matches("^[a-z]+:.*")) {
            continue;  // https:, mailto:
          }
          links++;
          String where = ROOT.relativize(page) + ":" + (i + 1) + " (" + target + ")";
          int hash = target.indexOf('#');
          String path = hash < 0 ? target : target.substring(0, hash);
          Path file = path.isEmpty() ? page : page.getParent().resolve(path).normalize();
          if (!Files.exists(file)) {
            failures.add(where + ": no such file");
            continue;
          }
          if (hash >= 0) {
            String anchor = target.substring(hash + 1);
            if (!anchors(file).contains(anchor)) {
              failures.add(where + ": no heading with the anchor #" + anchor + " in " + path);
            }
          }
        }
      }
    }
    assertWithMessage("broken links").that(failures).isEmpty();
    assertWithMessage("relative links").that(links).isAtLeast(20);
  }

  @Test
  void anExcerptLineTheFileLacksIsReported() {
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

  @Test
  void anchorsFollowGitHubsRules() {
    assertThat(anchor(
        "`@Timeout`: a limit on each attempt (on an interface, a class, or a method)"))
        .isEqualTo("timeout-a-limit-on-each-attempt-on-an-interface-a-class-or-a-method");
    assertThat(anchor("From Spring Retry's `RetryTemplate`"))
        .isEqualTo("from-spring-retrys-retrytemplate");
    assertThat(anchor("Properties: `retrygen.*` from the environment"))
        .isEqualTo("properties-retrygen-from-the-environment");
    assertThat(anchor("snake_case and-dash")).isEqualTo("snake_case-and-dash");
  }

  @Test
  void yamlKeysAreFlattened() {
    assertThat(flattenYaml(Arrays.asList("retrygen:", "  retry:", "    A.b:",
        "      max-attempts: 5", "  enabled: true")))
        .containsExactly("retrygen.retry.A.b.max-attempts", "5", "retrygen.enabled", "true")
        .inOrder();
  }

  // --- reading the pages

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(ROOT.resolve("README.md"));
    Path docs = ROOT.resolve("docs");
    if (Files.isDirectory(docs)) {
      try (Stream<Path> files = Files.list(docs)) {
        files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(pages::add);
      }
    }
    return pages;
  }

  static List<Block> allBlocks() throws IOException {
    List<Block> blocks = new ArrayList<>();
    for (Path page : pages()) {
      List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
      String name = ROOT.relativize(page).toString().replace('\\', '/');
      for (int i = 0; i < lines.size(); i++) {
        Matcher fence = FENCE.matcher(lines.get(i));
        if (!fence.matches()) {
          continue;
        }
        int end = i + 1;
        while (end < lines.size() && !lines.get(end).equals("```")) {
          end++;
        }
        assertWithMessage(name + ":" + (i + 1) + ": the block is not closed")
            .that(end).isLessThan(lines.size());
        String marker = i > 0 && lines.get(i - 1).startsWith("<!--") ? lines.get(i - 1) : null;
        blocks.add(new Block(name + ":" + (i + 1), fence.group(1),
            new ArrayList<>(lines.subList(i + 1, end)), marker));
        i = end;
      }
    }
    return blocks;
  }

  /** GitHub's heading anchors of a Markdown file (a repeated one gets {@code -1}, {@code -2}). */
  static Set<String> anchors(Path file) throws IOException {
    Set<String> anchors = new LinkedHashSet<>();
    Map<String, Integer> seen = new HashMap<>();
    boolean inCode = false;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.startsWith("```")) {
        inCode = !inCode;
      }
      if (inCode || !line.matches("^#{1,6} .*")) {
        continue;
      }
      String anchor = anchor(line.replaceFirst("^#+ ", ""));
      int n = seen.merge(anchor, 1, Integer::sum);
      anchors.add(n == 1 ? anchor : anchor + "-" + (n - 1));
    }
    return anchors;
  }

  /** Lower case, spaces to {@code -}, punctuation other than {@code -} and {@code _} dropped. */
  static String anchor(String heading) {
    StringBuilder anchor = new StringBuilder();
    for (char c : heading.trim().toLowerCase(Locale.ROOT).toCharArray()) {
      if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
        anchor.append(c);
      } else if (c == ' ') {
        anchor.append('-');
      }
    }
    return anchor.toString();
  }

  /** {@code a:}/{@code  b: value} lines as {@code a.b = value}, by indentation. */
  static Map<String, String> flattenYaml(List<String> lines) {
    Map<String, String> keys = new LinkedHashMap<>();
    List<String> path = new ArrayList<>();
    List<Integer> indents = new ArrayList<>();
    for (String line : lines) {
      if (line.trim().isEmpty() || line.trim().startsWith("#")) {
        continue;
      }
      int indent = line.length() - line.replaceFirst("^ +", "").length();
      while (!indents.isEmpty() && indents.get(indents.size() - 1) >= indent) {
        indents.remove(indents.size() - 1);
        path.remove(path.size() - 1);
      }
      String content = line.trim();
      int colon = content.indexOf(": ");
      if (content.endsWith(":")) {
        path.add(content.substring(0, content.length() - 1));
        indents.add(indent);
      } else if (colon > 0) {
        List<String> key = new ArrayList<>(path);
        key.add(content.substring(0, colon));
        keys.put(String.join(".", key), content.substring(colon + 2).trim());
      }
    }
    return keys;
  }

  /** The root pom's modules whose name starts with {@code retry-}: the published ones. */
  static Set<String> publishedModules() throws IOException {
    return modules().stream().filter(m -> m.startsWith("retry-"))
        .collect(Collectors.toCollection(LinkedHashSet::new));
  }

  /** The root pom's modules, as paths from the root. */
  static Set<String> modules() throws IOException {
    String pom = new String(Files.readAllBytes(ROOT.resolve("pom.xml")), StandardCharsets.UTF_8);
    Set<String> modules = new LinkedHashSet<>();
    Matcher module = Pattern.compile("<module>([^<]+)</module>").matcher(pom);
    while (module.find()) {
      modules.add(module.group(1));
    }
    return modules;
  }

  static String projectVersion() {
    try {
      String pom = new String(Files.readAllBytes(ROOT.resolve("pom.xml")), StandardCharsets.UTF_8);
      Matcher version = Pattern.compile(
          "<artifactId>retry-parent</artifactId>\\s*<version>([^<]+)</version>").matcher(pom);
      assertWithMessage("the root pom's version").that(version.find()).isTrue();
      return version.group(1);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static List<String> trimmed(List<String> lines) {
    return lines.stream().map(String::trim).filter(l -> !l.isEmpty()).collect(Collectors.toList());
  }

  /** The first line where {@code shown} and {@code file} differ, described; null if none. */
  static String firstDifference(List<String> shown, List<String> file) {
    for (int i = 0; i < Math.max(shown.size(), file.size()); i++) {
      String a = i < shown.size() ? shown.get(i) : "(the end of the block)";
      String b = i < file.size() ? file.get(i) : "(the end of the file)";
      if (!a.equals(b)) {
        return "line " + (i + 1) + " of the block is \"" + a + "\", the file has \"" + b + "\"";
      }
    }
    return null;
  }

  /**
   * The first line of {@code excerpt} that is not found, exactly, in {@code file} after the line
   * matched by its predecessor; null if the excerpt is an abridgement of {@code file}. A line that
   * is only {@code // ...} (indented or not) stands for omitted lines and matches nothing.
   */
  static String firstLineNotIn(List<String> excerpt, List<String> file) {
    int next = 0;
    for (String line : excerpt) {
      if (line.trim().equals("// ...")) {
        continue;
      }
      int found = file.subList(next, file.size()).indexOf(line);
      if (found < 0) {
        return line;
      }
      next += found + 1;
    }
    return null;
  }
}
