package io.retrygen.rewrite;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.openrewrite.Cursor;
import org.openrewrite.ExecutionContext;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.tree.Comment;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TextComment;
import org.openrewrite.marker.Markers;

/**
 * Rewrites the annotations on types and methods one at a time and writes the {@code // TODO
 * retrygen:} comments a rewrite asks for on the lines above the declaration's annotations.
 */
abstract class AnnotationMigrationVisitor extends JavaIsoVisitor<ExecutionContext> {

  /** Comments wrap before this column. */
  private static final int WIDTH = 100;

  /** The declaration an annotation is on, and the comments its rewrite asks for. */
  static final class Site {
    private final String typeName;
    private final @Nullable String methodName;
    private final List<String> todos = new ArrayList<>();

    Site(String typeName, @Nullable String methodName) {
      this.typeName = typeName;
      this.methodName = methodName;
    }

    /** The type's name relative to its package, as retrygen's default label has it. */
    String typeName() {
      return typeName;
    }

    /** Whether the annotation is on a type (it then guards several methods). */
    boolean onType() {
      return methodName == null;
    }

    /** retrygen's label: the one written, or {@code Type.method} ({@code Type.<method>} on a type). */
    String label(@Nullable String written) {
      if (written != null && !written.isEmpty()) {
        return written;
      }
      return typeName + "." + (methodName == null ? "<method>" : methodName);
    }

    void todo(String text) {
      todos.add(text);
    }
  }

  /**
   * The annotation rewritten, the same instance when it is not one this visitor migrates. TODOs
   * go to {@code site}.
   */
  abstract J.Annotation migrate(J.Annotation annotation, Site site);

  /**
   * An {@code @Enable...} annotation that becomes {@code @EnableRetrygen}: the proxy settings
   * {@code names} are removed with one TODO, since {@code @EnableRetrygen} creates no proxy; an
   * annotation without attributes is returned as it is.
   */
  static J.Annotation withoutProxySettings(J.Annotation annotation, Site site, String written,
      String... names) {
    AnnotationArguments args = AnnotationArguments.of(annotation);
    if (args.isEmpty()) {
      return annotation;
    }
    List<String> removed = new ArrayList<>();
    for (String name : names) {
      Expression value = args.remove(name);
      if (value != null) {
        removed.add(name + " = " + AnnotationArguments.source(value));
      }
    }
    site.todo(written + "(" + String.join(", ", removed) + ") was removed: @EnableRetrygen "
        + "creates no proxy (a class bean is created as its generated subclass), and its retry is "
        + "always outside the other proxies.");
    return args.applyTo(annotation);
  }

  @Override
  public J.ClassDeclaration visitClassDeclaration(J.ClassDeclaration classDecl,
      ExecutionContext ctx) {
    J.ClassDeclaration c = super.visitClassDeclaration(classDecl, ctx);
    Site site = new Site(typeName(getCursor()), null);
    List<J.Annotation> annotations = migrateAll(c.getLeadingAnnotations(), site);
    if (annotations == c.getLeadingAnnotations()) {
      return c;
    }
    return c.withLeadingAnnotations(withTodos(annotations, c.getPrefix(), site.todos));
  }

  @Override
  public J.MethodDeclaration visitMethodDeclaration(J.MethodDeclaration method,
      ExecutionContext ctx) {
    J.MethodDeclaration m = super.visitMethodDeclaration(method, ctx);
    Site site = new Site(typeName(getCursor()), m.getSimpleName());
    List<J.Annotation> annotations = migrateAll(m.getLeadingAnnotations(), site);
    if (annotations == m.getLeadingAnnotations()) {
      return m;
    }
    return m.withLeadingAnnotations(withTodos(annotations, m.getPrefix(), site.todos));
  }

  private List<J.Annotation> migrateAll(List<J.Annotation> annotations, Site site) {
    List<J.Annotation> result = new ArrayList<>(annotations.size());
    boolean changed = false;
    for (J.Annotation annotation : annotations) {
      J.Annotation migrated = migrate(annotation, site);
      changed |= migrated != annotation;
      result.add(migrated);
    }
    return changed ? result : annotations;
  }

  /** The names of the classes around the cursor, outermost first, joined with dots. */
  private static String typeName(Cursor cursor) {
    List<String> names = new ArrayList<>();
    for (Cursor c = cursor; c != null; c = c.getParent()) {
      if (c.getValue() instanceof J.ClassDeclaration) {
        names.add(((J.ClassDeclaration) c.getValue()).getSimpleName());
      }
    }
    Collections.reverse(names);
    return String.join(".", names);
  }

  /**
   * The annotations with line comments added in front of the first one (not in the prefix of the
   * declaration, which moves when imports are added or removed above a type).
   */
  static List<J.Annotation> withTodos(List<J.Annotation> annotations, Space declarationPrefix,
      List<String> todos) {
    if (todos.isEmpty() || annotations.isEmpty()) {
      return annotations;
    }
    String lastLine = declarationPrefix.getComments().isEmpty()
        ? declarationPrefix.getWhitespace()
        : declarationPrefix.getComments().get(declarationPrefix.getComments().size() - 1)
            .getSuffix();
    String indent = lastLine.substring(lastLine.lastIndexOf('\n') + 1);
    J.Annotation first = annotations.get(0);
    List<Comment> comments = new ArrayList<>(first.getPrefix().getComments());
    comments.addAll(comments(todos, indent));
    List<J.Annotation> result = new ArrayList<>(annotations);
    result.set(0, first.withPrefix(first.getPrefix().withComments(comments)));
    return result;
  }

  /** A statement's prefix with line comments added just above the statement. */
  static Space prefixWithTodos(Space prefix, List<String> todos) {
    List<Comment> comments = new ArrayList<>(prefix.getComments());
    String lastLine = comments.isEmpty()
        ? prefix.getWhitespace()
        : comments.get(comments.size() - 1).getSuffix();
    String indent = lastLine.substring(lastLine.lastIndexOf('\n') + 1);
    comments.addAll(comments(todos, indent));
    return prefix.withComments(comments);
  }

  private static List<Comment> comments(List<String> todos, String indent) {
    List<Comment> comments = new ArrayList<>();
    for (String todo : todos) {
      boolean firstLine = true;
      for (String line : wrap("TODO retrygen: " + todo, WIDTH - indent.length() - 5)) {
        comments.add(new TextComment(false, " " + (firstLine ? "" : "  ") + line, "\n" + indent,
            Markers.EMPTY));
        firstLine = false;
      }
    }
    return comments;
  }

  private static List<String> wrap(String text, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (line.length() > 0 && line.length() + 1 + word.length() > Math.max(width, 40)) {
        lines.add(line.toString());
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(word);
    }
    lines.add(line.toString());
    return lines;
  }
}
