package io.retrygen.rewrite;

import static io.retrygen.rewrite.AnnotationArguments.booleanLiteral;
import static io.retrygen.rewrite.AnnotationArguments.doubleLiteral;
import static io.retrygen.rewrite.AnnotationArguments.intLiteral;
import static io.retrygen.rewrite.AnnotationArguments.number;
import static io.retrygen.rewrite.AnnotationArguments.source;
import static io.retrygen.rewrite.AnnotationArguments.string;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.TypeUtils;

/**
 * Rewrites the attributes of Spring Retry's {@code @Retryable}, {@code @Backoff},
 * {@code @CircuitBreaker} and {@code @EnableRetry} into those of retrygen's annotations, leaving the
 * annotation types as they are: {@code io.retrygen.rewrite.SpringRetryAnnotations} runs this
 * recipe and then changes the types.
 *
 * <p>{@code value} and {@code include} become {@code retryFor}, {@code exclude} becomes {@code
 * noRetryFor}, {@code @Backoff(value)} becomes {@code delay}, and a {@code @Backoff} with a
 * {@code maxDelay} above {@code delay} and no {@code multiplier} gets {@code random = true} (Spring
 * Retry's uniform random wait, which ignores {@code random} without a multiplier). An exponential
 * {@code maxDelay} not above {@code delay} is removed (Spring keeps its 30000 ms cap then). Attributes with no counterpart (the SpEL {@code *Expression}
 * attributes, {@code listeners}, {@code interceptor}) are removed and a {@code // TODO retrygen:}
 * comment above the declaration says what to do instead: for an expression, the property of
 * retrygen's overrides that takes its place.
 */
public final class MigrateSpringRetryAnnotationValues extends Recipe {

  static final String PACKAGE = "org.springframework.retry.annotation.";
  private static final Pattern PLACEHOLDER_DEFAULT =
      Pattern.compile("^\\$\\{[^:}]+:(-?[0-9]+(?:\\.[0-9]+)?)}$");

  @Override
  public String getDisplayName() {
    return "Spring Retry annotation attributes to retrygen's";
  }

  @Override
  public String getDescription() {
    return "Renames and converts the attributes of Spring Retry's `@Retryable`, `@Backoff`, "
        + "`@CircuitBreaker` and `@EnableRetry` to those of retrygen; attributes without a "
        + "counterpart are removed with a `// TODO retrygen:` comment saying what replaces them.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return Preconditions.check(Preconditions.or(
        new UsesType<>(PACKAGE + "Retryable", false),
        new UsesType<>(PACKAGE + "CircuitBreaker", false),
        new UsesType<>(PACKAGE + "EnableRetry", false)), new AnnotationMigrationVisitor() {
          @Override
          J.Annotation migrate(J.Annotation annotation, Site site) {
            if (is(annotation, "Retryable")) {
              return retryable(annotation, site);
            }
            if (is(annotation, "CircuitBreaker")) {
              return circuitBreaker(annotation, site);
            }
            if (is(annotation, "EnableRetry")) {
              return withoutProxySettings(annotation, site, "@EnableRetry",
                  "proxyTargetClass", "order", "value");
            }
            return annotation;
          }
        });
  }

  static boolean is(J.Annotation annotation, String simpleName) {
    return TypeUtils.isOfClassType(annotation.getType(), PACKAGE + simpleName);
  }

  private static J.Annotation retryable(J.Annotation annotation, AnnotationMigrationVisitor.Site site) {
    AnnotationArguments args = AnnotationArguments.of(annotation);
    exceptionTypes(args);
    String label = label(args.get("label"), site);
    Expression expression = args.remove("maxAttemptsExpression");
    if (expression != null) {
      overrideTodo(site, "maxAttemptsExpression = " + source(expression), expression,
          "retrygen.retry." + label + ".maxAttempts");
      defaultFromPlaceholder(args, "maxAttempts", expression, true);
    }
    expression = args.remove("exceptionExpression");
    if (expression != null) {
      site.todo("exceptionExpression = " + source(expression) + " was removed: write a method "
          + "`boolean name(Exception failure)` in this type that makes the same decision and "
          + "name it in retryIf = \"name\".");
    }
    expression = args.remove("listeners");
    if (expression != null) {
      site.todo("listeners = " + source(expression) + " was removed: make the bean "
          + beanNames(expression) + " an io.retrygen.RetryListener "
          + "(retry-spring gives every RetryListener bean every event; test event.label() for \""
          + label + "\"), or name a listener class in listeners = X.class.");
    }
    expression = args.remove("interceptor");
    if (expression != null) {
      site.todo("interceptor = " + source(expression) + " was removed: retrygen has no "
          + "interceptor bean; the retry is in the generated class, configured by these "
          + "attributes.");
    }
    Expression backoff = args.get("backoff");
    if (backoff instanceof J.Annotation && is((J.Annotation) backoff, "Backoff")) {
      J.Annotation migrated = backoff((J.Annotation) backoff, site, label);
      if (migrated != backoff) {
        args.put("backoff", migrated);
      }
    }
    return args.applyTo(annotation);
  }

  /**
   * Spring Retry's {@code value}, {@code include}/{@code retryFor} and {@code
   * exclude}/{@code noRetryFor} as {@code retryFor} and {@code noRetryFor}: {@code include} and
   * {@code exclude} are aliases of {@code retryFor} and {@code noRetryFor} (Spring requires equal
   * values when both are written), and a non-empty {@code value} wins over them, which Spring
   * then ignores.
   */
  private static void exceptionTypes(AnnotationArguments args) {
    args.renameAlias("include", "retryFor");
    Expression value = args.get("value");
    if (value != null && !isEmptyArray(value)) {
      args.remove("retryFor");
      args.rename("value", "retryFor");
    } else {
      args.remove("value");
    }
    args.renameAlias("exclude", "noRetryFor");
  }

  private static boolean isEmptyArray(Expression expression) {
    if (!(expression instanceof J.NewArray)) {
      return false;
    }
    List<Expression> elements = ((J.NewArray) expression).getInitializer();
    return elements == null || elements.stream().allMatch(e -> e instanceof J.Empty);
  }

  static J.Annotation backoff(J.Annotation annotation, AnnotationMigrationVisitor.Site site,
      String label) {
    AnnotationArguments args = AnnotationArguments.of(annotation);
    if (args.has("value") && args.has("delay")) {
      // Aliases since Spring Retry 2.0.x made them so; before, a delay of 0 meant value.
      Number delay = number(args.get("delay"));
      args.remove(delay != null && delay.longValue() == 0 ? "delay" : "value");
    }
    args.rename("value", "delay");
    String[][] expressions = {
        {"delayExpression", "delay"}, {"maxDelayExpression", "maxDelay"},
        {"multiplierExpression", "multiplier"}};
    for (String[] pair : expressions) {
      Expression expression = args.remove(pair[0]);
      if (expression != null) {
        overrideTodo(site, "@Backoff(" + pair[0] + " = " + source(expression) + ")", expression,
            "retrygen.retry." + label + "." + pair[1]);
        defaultFromPlaceholder(args, pair[1], expression, !pair[1].equals("multiplier"));
      }
    }
    Expression random = args.remove("randomExpression");
    if (random != null) {
      site.todo("@Backoff(randomExpression = " + source(random) + ") was removed: no property "
          + "changes random at run time; write random = true or false.");
    }
    Expression multiplier = args.get("multiplier");
    Number m = number(multiplier);
    Number delay = args.has("delay") ? number(args.get("delay")) : Long.valueOf(1000);
    Number maxDelay = number(args.get("maxDelay"));
    boolean capBelowDelay = delay != null && maxDelay != null
        && maxDelay.longValue() <= delay.longValue();
    if (multiplier != null && (m == null || m.doubleValue() > 0)) {
      if (capBelowDelay && maxDelay.longValue() > 0) {
        // Spring Retry's exponential backoff then keeps its 30000 ms cap, retrygen's default;
        // retrygen rejects a maxDelay below delay, and one equal to it would make it fixed.
        args.remove("maxDelay");
      }
      boolean noCap = !args.has("maxDelay") || (maxDelay != null && maxDelay.longValue() == 0);
      if (noCap && delay != null && delay.longValue() > 30000) {
        // Spring Retry cuts every wait to that 30000 ms cap; retrygen rejects such a delay.
        args.put("delay", intLiteral(30000));
      }
    } else if (args.has("maxDelay")) {
      if (capBelowDelay) {
        // Spring Retry waits delay here, and retrygen rejects a maxDelay below delay.
        args.remove("maxDelay");
        removeRandom(args);
      } else {
        // Spring Retry waits a uniform random time between delay and maxDelay, random or not.
        if (!Boolean.TRUE.equals(literalValue(args.get("random")))) {
          args.put("random", booleanLiteral(true));
        }
      }
    } else {
      // Without a multiplier Spring Retry ignores random: the wait is a fixed delay, and
      // retrygen rejects a fixed random backoff without the range of a maxDelay.
      removeRandom(args);
    }
    return args.applyTo(annotation);
  }

  private static void removeRandom(AnnotationArguments args) {
    if (Boolean.TRUE.equals(literalValue(args.get("random")))) {
      args.remove("random");
    }
  }

  private static J.Annotation circuitBreaker(J.Annotation annotation,
      AnnotationMigrationVisitor.Site site) {
    AnnotationArguments args = AnnotationArguments.of(annotation);
    exceptionTypes(args);
    args.rename("retryFor", "failOn");
    args.rename("noRetryFor", "skipOn");
    args.rename("label", "name");
    String name = label(args.get("name"), site);
    args.rename("maxAttempts", "requestVolumeThreshold");
    args.rename("resetTimeout", "delay");
    Expression removed = args.remove("openTimeout");
    if (removed != null) {
      site.todo("@CircuitBreaker(openTimeout = " + source(removed) + ") was removed: retrygen's "
          + "breaker opens when the last requestVolumeThreshold calls all failed, whenever they "
          + "happened (no time window).");
    }
    Expression expression = args.remove("maxAttemptsExpression");
    if (expression != null) {
      overrideTodo(site, "@CircuitBreaker(maxAttemptsExpression = " + source(expression) + ")",
          expression,
          "retrygen.circuitbreaker." + name + ".requestVolumeThreshold");
      defaultFromPlaceholder(args, "requestVolumeThreshold", expression, true);
    }
    expression = args.remove("resetTimeoutExpression");
    if (expression != null) {
      overrideTodo(site, "@CircuitBreaker(resetTimeoutExpression = " + source(expression) + ")",
          expression,
          "retrygen.circuitbreaker." + name + ".delay");
      defaultFromPlaceholder(args, "delay", expression, true);
    }
    // Spring's defaults, written out: retrygen's are a window of 20 calls and 5000 ms.
    if (!args.has("requestVolumeThreshold")) {
      args.put("requestVolumeThreshold", intLiteral(3));
    }
    args.put("failureRatio", doubleLiteral(1.0));
    if (!args.has("delay")) {
      args.put("delay", intLiteral(20000));
    }
    expression = args.remove("openTimeoutExpression");
    if (expression != null) {
      site.todo("@CircuitBreaker(openTimeoutExpression = " + source(expression) + ") was "
          + "removed: retrygen's breaker has no time window.");
    }
    expression = args.remove("exceptionExpression");
    if (expression != null) {
      site.todo("@CircuitBreaker(exceptionExpression = " + source(expression) + ") was removed:"
          + " list the failures that count in failOn and those that do not in skipOn.");
    }
    expression = args.remove("notRecoverable");
    if (expression != null) {
      site.todo("@CircuitBreaker(notRecoverable = " + source(expression) + ") was removed: put "
          + "it on a @Retryable(maxAttempts = 1, notRecoverable = ...) beside the breaker.");
    }
    expression = args.remove("recover");
    if (expression != null) {
      site.todo("@CircuitBreaker(recover = " + source(expression) + ") was removed: the "
          + "@Recover method is chosen by its signature; to name it, add @Retryable(maxAttempts"
          + " = 1, recover = " + source(expression) + ").");
    }
    expression = args.remove("throwLastExceptionOnExhausted");
    if (expression != null && !Boolean.TRUE.equals(literalValue(expression))) {
      site.todo("@CircuitBreaker(throwLastExceptionOnExhausted = " + source(expression) + ") "
          + "was removed: retrygen rethrows the failure itself, and "
          + "io.retrygen.runtime.CircuitBreakerOpenException while the breaker is open.");
    }
    return args.applyTo(annotation);
  }

  /**
   * The label the TODOs name: the one written, the default, or for a constant expression
   * ({@code PREFIX + "fetch"}) that expression in angle brackets, since the default is not it.
   */
  private static String label(@Nullable Expression written, AnnotationMigrationVisitor.Site site) {
    if (written != null && string(written) == null) {
      return "<" + source(written) + ">";
    }
    return site.label(string(written));
  }

  /** The bean names of {@code listeners = {"a", "b"}}, or the expression as written. */
  private static String beanNames(Expression expression) {
    if (expression instanceof J.NewArray && ((J.NewArray) expression).getInitializer() != null) {
      StringBuilder names = new StringBuilder();
      for (Expression element : ((J.NewArray) expression).getInitializer()) {
        if (element instanceof J.Empty) {
          continue;
        }
        String name = string(element);
        names.append(names.length() == 0 ? "" : ", ").append(name == null ? source(element) : name);
      }
      return names.toString();
    }
    String name = string(expression);
    return name == null ? source(expression) : name;
  }

  static @Nullable Object literalValue(@Nullable Expression expression) {
    return expression instanceof J.Literal ? ((J.Literal) expression).getValue() : null;
  }

  static void overrideTodo(AnnotationMigrationVisitor.Site site, String written,
      Expression expression, String key) {
    overrideTodo(site, written, expression, key, "");
  }

  /** A TODO for an attribute whose value the property {@code key} takes ({@code note}: its unit). */
  static void overrideTodo(AnnotationMigrationVisitor.Site site, String written,
      Expression expression, String key, String note) {
    String text = written + " was removed: set the property " + key
        + (note.isEmpty() ? "" : " (" + note + ")") + " instead";
    String placeholder = string(expression);
    if (placeholder != null && placeholder.startsWith("${")) {
      text += " (with retry-spring, " + key + "=" + placeholder + " in application.properties"
          + " keeps reading " + placeholder.substring(2, placeholder.length() - 1).split(":")[0]
          + ")";
    }
    if (site.onType()) {
      text += ", one for each method";
    }
    site.todo(text + "; without Spring, give it to PolicyOverrides.");
  }

  /** {@code "${retry.max:5}"} gives the attribute the compiled default 5 when it has none. */
  private static void defaultFromPlaceholder(AnnotationArguments args, String name,
      Expression expression, boolean integral) {
    String text = string(expression);
    if (text == null || args.has(name)) {
      return;
    }
    Matcher m = PLACEHOLDER_DEFAULT.matcher(text.trim());
    if (!m.matches()) {
      return;
    }
    if (integral && !m.group(1).contains(".")) {
      args.put(name, intLiteral(Long.parseLong(m.group(1))));
    } else if (!integral) {
      args.put(name, doubleLiteral(Double.parseDouble(m.group(1))));
    }
  }
}
