package io.retrygen.processor.check;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.ModifiersTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.tools.Diagnostic;

/**
 * Walks the bodies of a root type's methods, initializers and field initializers for local and
 * anonymous classes (an enum constant's body is one) and reports our annotations on them and
 * their members. No class in there has an element before javac attributes the bodies, after
 * processing: the annotations are recognized by their names as the compilation unit imports
 * them, and reported on their trees.
 */
public final class LocalTypeScanner extends TreePathScanner<Void, LocalTypeScanner.Where> {
  private static final String PACKAGE = "io.retrygen";
  private static final Set<String> OURS =
      new HashSet<>(
          Arrays.asList("Retryable", "CircuitBreaker", "Recover", "RetryBudget", "Backoff",
              "Timeout"));

  /** Where a class is declared, and so what it is. */
  static final class Where {
    /** In a top-level type or a member type that is not local: the class is not local. */
    static final Where MEMBER = new Where(null, null, false);
    /** In a method body, an initializer or a field's initializer: the class is local. */
    static final Where CODE = new Where(null, null, false);

    /** {@code local class Helper}: what the class is declared in, or what it is. */
    final String description;
    /** {@code a local class}: what the generated class could not name. */
    final String unnamable;
    /** Whether the class is the body of {@code new X() {...}}, which {@link #description} is. */
    final boolean anonymousBody;

    Where(String description, String unnamable, boolean anonymousBody) {
      this.description = description;
      this.unnamable = unnamable;
      this.anonymousBody = anonymousBody;
    }
  }

  /** Scans the root types of each round. */
  static final class Reporter extends LocalTypes {
    private final Trees trees;
    private final Elements elements;

    Reporter(ProcessingEnvironment env) {
      this.trees = Trees.instance(env);
      this.elements = env.getElementUtils();
    }

    @Override
    public void report(RoundEnvironment round) {
      for (Element root : round.getRootElements()) {
        if (!(root instanceof TypeElement)) {
          continue;
        }
        TreePath path = trees.getPath(root);
        if (path != null) { // null for a class file
          new LocalTypeScanner(trees, elements, path.getCompilationUnit()).scan(path, Where.MEMBER);
        }
      }
    }
  }

  private final Trees trees;
  private final Elements elements;
  private final CompilationUnitTree unit;

  private LocalTypeScanner(Trees trees, Elements elements, CompilationUnitTree unit) {
    this.trees = trees;
    this.elements = elements;
    this.unit = unit;
  }

  @Override
  public Void visitClass(ClassTree tree, Where where) {
    String kind =
        tree.getKind() == Tree.Kind.ANNOTATION_TYPE
            ? "annotation type"
            : tree.getKind().name().toLowerCase(Locale.ROOT);
    String description;
    String unnamable;
    if (where == Where.MEMBER) {
      description = null;
      unnamable = null;
    } else if (where == Where.CODE) {
      description = "local " + kind + " " + tree.getSimpleName();
      unnamable = "a local class";
    } else if (where.anonymousBody) {
      description = where.description;
      unnamable = where.unnamable;
    } else {
      description = kind + " " + tree.getSimpleName() + ", nested in " + where.description;
      unnamable = "a class nested in " + where.unnamable;
    }
    if (description != null) {
      check(tree.getModifiers(), description, unnamable);
    }
    // Its members, through the visits below: a class nested in a local one cannot be named
    // either, and code (method bodies, initializers) has local classes.
    Where members = description == null ? Where.MEMBER : new Where(description, unnamable, false);
    for (Tree member : tree.getMembers()) {
      scan(member, members);
    }
    return null;
  }

  @Override
  public Void visitMethod(MethodTree tree, Where where) {
    if (where != Where.MEMBER) {
      check(tree.getModifiers(), where.description, where.unnamable);
    }
    return scan(tree.getBody(), Where.CODE);
  }

  @Override
  public Void visitVariable(VariableTree tree, Where where) {
    // A field's initializer is code; a local variable's already is.
    return scan(tree.getInitializer(), Where.CODE);
  }

  @Override
  public Void visitBlock(BlockTree tree, Where where) {
    // An initializer block, or a block in code.
    return scan(tree.getStatements(), Where.CODE);
  }

  @Override
  public Void visitNewClass(NewClassTree tree, Where where) {
    scan(tree.getEnclosingExpression(), where);
    scan(tree.getArguments(), where);
    if (tree.getClassBody() != null) {
      // An enum constant with a body is a field of the enum initialized with an anonymous class.
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      String description =
          parent instanceof VariableTree && isEnumConstant(tree, getCurrentPath().getParentPath())
              ? "the body of enum constant " + ((VariableTree) parent).getName()
                  + ", an anonymous class"
              : "an anonymous class";
      scan(tree.getClassBody(), new Where(description, "an anonymous class", true));
    }
    return null;
  }

  /** Whether {@code creation} initializes a constant of an enum: {@code new Mode(...) {...}}. */
  private static boolean isEnumConstant(NewClassTree creation, TreePath variable) {
    TreePath owner = variable.getParentPath();
    return owner != null
        && owner.getLeaf().getKind() == Tree.Kind.ENUM
        && creation.getIdentifier().toString()
            .equals(((ClassTree) owner.getLeaf()).getSimpleName().toString());
  }

  /** Reports each of our annotations in {@code modifiers}. */
  private void check(ModifiersTree modifiers, String description, String unnamable) {
    for (AnnotationTree annotation : modifiers.getAnnotations()) {
      String name = ourAnnotation(annotation);
      if (name != null) {
        trees.printMessage(
            Diagnostic.Kind.ERROR,
            String.format(
                "@%s cannot be used in %s: retrygen wraps a type in a generated top-level class,"
                    + " which cannot name %s. Move the annotations to a top-level or static nested"
                    + " interface or class",
                name, description, unnamable),
            annotation,
            unit);
      }
    }
  }

  /**
   * The simple name of {@code annotation}'s type if it is one of ours, else null: written
   * qualified, or by a simple name the compilation unit imports from {@code io.retrygen} (alone
   * or on demand, unless a type of its own package has that name) or declares in it.
   */
  private String ourAnnotation(AnnotationTree annotation) {
    String written = annotation.getAnnotationType().toString();
    if (written.startsWith(PACKAGE + ".")) {
      String simple = written.substring(PACKAGE.length() + 1);
      return OURS.contains(simple) ? simple : null;
    }
    if (!OURS.contains(written)) {
      return null;
    }
    String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
    if (pkg.equals(PACKAGE)) {
      return written;
    }
    boolean onDemand = false;
    for (ImportTree each : unit.getImports()) {
      if (each.isStatic()) {
        continue;
      }
      String imported = each.getQualifiedIdentifier().toString();
      if (imported.equals(PACKAGE + "." + written)) {
        return written;
      }
      if (imported.endsWith("." + written)) {
        return null; // another type of that name
      }
      onDemand |= imported.equals(PACKAGE + ".*");
    }
    String inPackage = pkg.isEmpty() ? written : pkg + "." + written;
    boolean shadowed = elements.getTypeElement(inPackage) != null;
    return onDemand && !shadowed ? written : null;
  }
}
