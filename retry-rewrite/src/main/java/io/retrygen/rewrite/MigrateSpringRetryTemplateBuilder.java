package io.retrygen.rewrite;

import static io.retrygen.rewrite.AnnotationArguments.intLiteral;
import static io.retrygen.rewrite.AnnotationArguments.source;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.internal.ListUtils;
import org.openrewrite.java.AddImport;
import org.openrewrite.java.ChangeType;
import org.openrewrite.java.JavaIsoVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JLeftPadded;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.Statement;
import org.openrewrite.java.tree.TextComment;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * Rewrites Spring Retry's {@code RetryTemplate.builder()...build()} chains into retrygen's {@code
 * io.retrygen.runtime.RetryTemplate} builder, one source file at a time.
 *
 * <p>A file is migrated when every chain in it maps call for call and it uses nothing else of
 * Spring Retry's template API than {@code execute(callback)}, {@code execute(callback,
 * recovery)}, {@code RetryCallback}, {@code RecoveryCallback} and {@code RetryContext} as a type:
 * then the chains are rewritten and those types change to retrygen's. Otherwise the file is left
 * as it is and a {@code // TODO retrygen:} comment above each chain names the call that has no
 * counterpart. A chain without a backoff call gets {@code .backoff(BackoffPolicy.fixed(0))}:
 * Spring's builder does not wait by default, retrygen's waits 1000 ms; a timeout
 * ({@code withTimeout}, {@code withinMillis}) also gets {@code .maxAttempts(Integer.MAX_VALUE)},
 * since Spring's timeout replaces the count of attempts.
 */
public final class MigrateSpringRetryTemplateBuilder extends Recipe {

  private static final String SPRING = "org.springframework.retry.";
  private static final String TEMPLATE = SPRING + "support.RetryTemplate";
  private static final String BUILDER = SPRING + "support.RetryTemplateBuilder";
  private static final String BACKOFF_POLICY = "io.retrygen.runtime.BackoffPolicy";
  private static final Map<String, String> TYPES = new LinkedHashMap<>();

  static {
    TYPES.put(TEMPLATE, "io.retrygen.runtime.RetryTemplate");
    TYPES.put(SPRING + "RetryCallback", "io.retrygen.runtime.RetryCallback");
    TYPES.put(SPRING + "RecoveryCallback", "io.retrygen.runtime.RecoveryCallback");
    TYPES.put(SPRING + "RetryContext", "io.retrygen.runtime.RetryContext");
  }

  @Override
  public String getDisplayName() {
    return "Spring Retry `RetryTemplate.builder()` chains to retrygen's `RetryTemplate`";
  }

  @Override
  public String getDescription() {
    return "Rewrites the `RetryTemplate.builder()` chains of Spring Retry whose every call has a "
        + "counterpart in `io.retrygen.runtime.RetryTemplate.Builder`, in the files that use "
        + "nothing else of Spring Retry's template API; other chains get a `// TODO retrygen:` "
        + "comment naming the call that has none.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return Preconditions.check(new UsesType<>(TEMPLATE, false),
        new JavaIsoVisitor<ExecutionContext>() {
          @Override
          public J.CompilationUnit visitCompilationUnit(J.CompilationUnit cu,
              ExecutionContext ctx) {
            Scan scan = new Scan();
            scan.visit(cu, ctx);
            if (scan.chains.isEmpty()) {
              return cu;
            }
            Set<String> blockers = new LinkedHashSet<>(scan.otherUses);
            for (Chain chain : scan.chains.values()) {
              if (chain.problem != null) {
                blockers.add(chain.problem);
              }
            }
            if (!blockers.isEmpty()) {
              return (J.CompilationUnit) new Todos(scan, blockers).visitNonNull(cu, ctx);
            }
            J.CompilationUnit c = (J.CompilationUnit) new Rewrite(scan).visitNonNull(cu, ctx);
            for (Map.Entry<String, String> type : TYPES.entrySet()) {
              c = (J.CompilationUnit) new ChangeType(type.getKey(), type.getValue(), false)
                  .getVisitor().visitNonNull(c, ctx);
            }
            return (J.CompilationUnit) new AddImport<ExecutionContext>(BACKOFF_POLICY, null,
                false).visitNonNull(c, ctx);
          }
        });
  }

  /** One {@code builder()...build()} chain: the new calls, or why it cannot be migrated. */
  private static final class Chain {
    final List<J.MethodInvocation> rewritten = new ArrayList<>();
    J.@Nullable MethodInvocation builder;
    @Nullable String problem;
  }

  /** Finds the chains and whatever else of Spring Retry the file uses. */
  private static final class Scan extends JavaIsoVisitor<ExecutionContext> {
    final Map<UUID, Chain> chains = new LinkedHashMap<>();
    final Set<String> otherUses = new LinkedHashSet<>();
    private final Set<UUID> inChains = new HashSet<>();

    @Override
    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method,
        ExecutionContext ctx) {
      JavaType.Method type = method.getMethodType();
      if (type != null && !inChains.contains(method.getId())) {
        String declaring = type.getDeclaringType().getFullyQualifiedName();
        if (declaring.equals(BUILDER) && method.getSimpleName().equals("build")) {
          chains.put(method.getId(), analyze(method));
        } else if (declaring.equals(TEMPLATE) && method.getSimpleName().equals("execute")
            && method.getArguments().size() <= 2) {
          // the same two methods in retrygen
        } else if (declaring.startsWith(SPRING) && !declaring.startsWith(SPRING + "annotation.")) {
          otherUses.add("this file also calls " + simpleName(declaring) + "."
              + method.getSimpleName() + "(...), which has no one-for-one counterpart; see the"
              + " migration page");
        }
      }
      return super.visitMethodInvocation(method, ctx);
    }

    @Override
    public J.NewClass visitNewClass(J.NewClass newClass, ExecutionContext ctx) {
      JavaType.FullyQualified type = TypeUtils.asFullyQualified(newClass.getType());
      if (type != null && type.getFullyQualifiedName().startsWith(SPRING)) {
        otherUses.add("this file also creates a " + type.getClassName() + ", which has no "
            + "one-for-one counterpart; see the migration page");
      }
      return super.visitNewClass(newClass, ctx);
    }

    private Chain analyze(J.MethodInvocation build) {
      Chain chain = new Chain();
      List<J.MethodInvocation> calls = new ArrayList<>();
      Expression e = build;
      while (e instanceof J.MethodInvocation) {
        J.MethodInvocation call = (J.MethodInvocation) e;
        inChains.add(call.getId());
        if (call.getSimpleName().equals("builder") && call.getMethodType() != null
            && TypeUtils.isOfClassType(call.getMethodType().getDeclaringType(), TEMPLATE)) {
          chain.builder = call;
          break;
        }
        calls.add(0, call);
        e = call.getSelect();
      }
      if (chain.builder == null) {
        chain.problem = "this builder is not created and built in one chain "
            + "(RetryTemplate.builder() ... .build()): migrate it by hand";
        return chain;
      }
      boolean backoff = false;
      for (J.MethodInvocation call : calls) {
        String problem = map(call, chain.rewritten);
        if (problem != null) {
          chain.problem = "." + call.getSimpleName() + "(" + argumentsSource(call) + ") " + problem;
          return chain;
        }
        backoff |= call.getSimpleName().endsWith("ackoff");
      }
      if (!backoff) {
        // Spring's builder does not wait between attempts unless told to; retrygen's waits 1 s.
        J.MethodInvocation build2 = chain.rewritten.remove(chain.rewritten.size() - 1);
        chain.rewritten.add(call(build2, "backoff", policy("fixed", intLiteral(0))));
        chain.rewritten.add(build2);
      }
      return chain;
    }

    /** Adds the calls that replace {@code call}; returns why there are none, or null. */
    private static @Nullable String map(J.MethodInvocation call, List<J.MethodInvocation> out) {
      List<Expression> args = arguments(call);
      switch (call.getSimpleName()) {
        case "maxAttempts":
        case "build":
          out.add(call);
          return null;
        case "infiniteRetry":
          out.add(call(call, "maxAttempts", maxInt()));
          return null;
        case "withinMillis":
        case "withTimeout":
          out.add(call(call, "maxDuration", millis(args.get(0))));
          out.add(call(call, "maxAttempts", maxInt()));
          return null;
        case "noBackoff":
          out.add(call(call, "backoff", policy("fixed", intLiteral(0))));
          return null;
        case "fixedBackoff":
          out.add(call(call, "backoff", policy("fixed", millis(args.get(0)))));
          return null;
        case "uniformRandomBackoff":
          out.add(call(call, "backoff", policy("uniform", millis(args.get(0)),
              millis(args.get(1)))));
          return null;
        case "exponentialBackoff": {
          Expression policy = policy("exponential", millis(args.get(0)), args.get(1),
              millis(args.get(2)));
          if (args.size() == 4) {
            Object random = MigrateSpringRetryAnnotationValues.literalValue(args.get(3));
            if (!(random instanceof Boolean)) {
              return "has a random flag that is not a literal: write .withRandom() on the "
                  + "BackoffPolicy by hand";
            }
            if ((Boolean) random) {
              policy = invocation(policy, "withRandom");
            }
          }
          out.add(call(call, "backoff", policy));
          return null;
        }
        case "retryOn":
        case "notRetryOn":
          return classes(call, args.get(0), out);
        default:
          return reason(call.getSimpleName());
      }
    }

    /** {@code retryOn(X.class)}, {@code retryOn(List.of(...))} or a lambda for retryIf. */
    private static @Nullable String classes(J.MethodInvocation call, Expression arg,
        List<J.MethodInvocation> out) {
      if (arg instanceof J.Lambda && call.getSimpleName().equals("retryOn")) {
        out.add(call(call, "retryIf", arg));
        return null;
      }
      if (TypeUtils.isOfClassType(arg.getType(), "java.lang.Class")) {
        out.add(call);
        return null;
      }
      if (arg instanceof J.MethodInvocation && Arrays.asList("of", "asList", "singletonList")
          .contains(((J.MethodInvocation) arg).getSimpleName())) {
        for (Expression element : ((J.MethodInvocation) arg).getArguments()) {
          if (!(element instanceof J.Empty)) {
            out.add(call(call, call.getSimpleName(), element));
          }
        }
        return null;
      }
      return "takes a list or a predicate held elsewhere: call ." + call.getSimpleName()
          + "(X.class) once per class (a predicate: .retryIf(failure -> ...))";
    }

    private static String reason(String name) {
      switch (name) {
        case "traversingCauses":
          return "has no counterpart: retrygen's template classifies the failure itself; test "
              + "its causes in .retryIf(failure -> ...)";
        case "withListener":
        case "withListeners":
          return "has no counterpart: retrygen's .listener(...) takes an "
              + "io.retrygen.RetryListener (onRetry, onSuccess, onFailure); rewrite the listener";
        case "withLogger":
          return "has no counterpart: pass an io.retrygen.RetryListener that logs to "
              + ".listener(...)";
        case "customBackoff":
          return "has no counterpart: use one of the BackoffPolicy factories (fixed, exponential,"
              + " uniform, with withJitter or withRandom)";
        case "customPolicy":
          return "has no counterpart: express the policy with .maxAttempts, .maxDuration, "
              + ".retryOn, .notRetryOn and .retryIf";
        default:
          return "has no counterpart in retrygen's RetryTemplate.Builder";
      }
    }
  }

  /** Replaces each chain by its rewritten calls. */
  private static final class Rewrite extends JavaIsoVisitor<ExecutionContext> {
    private final Scan scan;

    Rewrite(Scan scan) {
      this.scan = scan;
    }

    @Override
    public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method,
        ExecutionContext ctx) {
      Chain chain = scan.chains.get(method.getId());
      if (chain == null || chain.builder == null) {
        return super.visitMethodInvocation(method, ctx);
      }
      Expression select = chain.builder;
      J.MethodInvocation last = null;
      for (J.MethodInvocation call : chain.rewritten) {
        last = call.getPadding().withSelect(call.getPadding().getSelect().withElement(select))
            .withPrefix(Space.EMPTY);
        select = last;
      }
      return last == null ? method : last.withPrefix(method.getPrefix());
    }
  }

  /** Writes the TODO comments above the statements that hold a chain. */
  private static final class Todos extends JavaIsoVisitor<ExecutionContext> {
    private final Scan scan;
    private final Set<String> blockers;

    Todos(Scan scan, Set<String> blockers) {
      this.scan = scan;
      this.blockers = blockers;
    }

    @Override
    public J.Block visitBlock(J.Block block, ExecutionContext ctx) {
      J.Block b = super.visitBlock(block, ctx);
      return b.withStatements(ListUtils.map(b.getStatements(), this::withTodos));
    }

    private Statement withTodos(Statement statement) {
      if (statement instanceof J.MethodDeclaration || statement instanceof J.ClassDeclaration
          || statement.getPrefix().getComments().stream()
              .anyMatch(c -> c instanceof TextComment
                  && ((TextComment) c).getText().contains("TODO retrygen:"))) {
        return statement;
      }
      Set<String> todos = new LinkedHashSet<>();
      new JavaIsoVisitor<Set<String>>() {
        @Override
        public J.MethodInvocation visitMethodInvocation(J.MethodInvocation method,
            Set<String> found) {
          Chain chain = scan.chains.get(method.getId());
          if (chain != null) {
            found.add("this Spring Retry RetryTemplate was left as it is: " + (chain.problem != null
                ? chain.problem
                : "the rest of this file does not map (" + String.join("; ", blockers) + ")")
                + ".");
          }
          return super.visitMethodInvocation(method, found);
        }
      }.visit(statement, todos);
      if (todos.isEmpty()) {
        return statement;
      }
      return statement.withPrefix(AnnotationMigrationVisitor.prefixWithTodos(
          statement.getPrefix(), new ArrayList<>(todos)));
    }
  }

  private static List<Expression> arguments(J.MethodInvocation call) {
    List<Expression> args = new ArrayList<>();
    for (Expression arg : call.getArguments()) {
      if (!(arg instanceof J.Empty)) {
        args.add(arg);
      }
    }
    return args;
  }

  private static String argumentsSource(J.MethodInvocation call) {
    List<String> args = new ArrayList<>();
    for (Expression arg : arguments(call)) {
      args.add(source(arg));
    }
    return String.join(", ", args);
  }

  private static String simpleName(String fullyQualified) {
    return fullyQualified.substring(fullyQualified.lastIndexOf('.') + 1);
  }

  /** A {@code java.time.Duration} as milliseconds, any other value as it is. */
  private static Expression millis(Expression value) {
    if (TypeUtils.isOfClassType(value.getType(), "java.time.Duration")) {
      return invocation(value, "toMillis");
    }
    return value;
  }

  private static J.FieldAccess maxInt() {
    return new J.FieldAccess(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
        identifier("Integer", JavaType.ShallowClass.build("java.lang.Integer")),
        JLeftPadded.build(identifier("MAX_VALUE", JavaType.Primitive.Int)),
        JavaType.Primitive.Int);
  }

  /** {@code BackoffPolicy.name(args)}. */
  private static J.MethodInvocation policy(String name, Expression... args) {
    return invocation(identifier("BackoffPolicy", JavaType.ShallowClass.build(BACKOFF_POLICY)),
        name, args);
  }

  /** {@code select.name(args)} on one line. */
  private static J.MethodInvocation invocation(Expression select, String name,
      Expression... args) {
    return new J.MethodInvocation(Tree.randomId(), select.getPrefix(), Markers.EMPTY,
        JRightPadded.build(select.withPrefix(Space.EMPTY)), null, identifier(name, null),
        container(args), null);
  }

  /** The call {@code original} became: the same place in the chain, another name and arguments. */
  private static J.MethodInvocation call(J.MethodInvocation original, String name,
      Expression... args) {
    return original.withId(Tree.randomId()).withName(original.getName().withSimpleName(name))
        .getPadding().withArguments(container(args)).withMethodType(null);
  }

  private static JContainer<Expression> container(Expression... args) {
    List<JRightPadded<Expression>> elements = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      elements.add(JRightPadded.build(
          args[i].withPrefix(i == 0 ? Space.EMPTY : Space.SINGLE_SPACE)));
    }
    if (elements.isEmpty()) {
      elements = Collections.singletonList(JRightPadded.build(
          new J.Empty(Tree.randomId(), Space.EMPTY, Markers.EMPTY)));
    }
    return JContainer.build(Space.EMPTY, elements, Markers.EMPTY);
  }

  private static J.Identifier identifier(String name, @Nullable JavaType type) {
    return new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
        Collections.emptyList(), name, type, null);
  }
}
