package io.retrygen.rewrite;

import static io.retrygen.rewrite.AnnotationArguments.booleanLiteral;
import static io.retrygen.rewrite.AnnotationArguments.doubleLiteral;
import static io.retrygen.rewrite.AnnotationArguments.intLiteral;
import static io.retrygen.rewrite.AnnotationArguments.number;
import static io.retrygen.rewrite.AnnotationArguments.source;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.openrewrite.ExecutionContext;
import org.openrewrite.Preconditions;
import org.openrewrite.Recipe;
import org.openrewrite.Tree;
import org.openrewrite.TreeVisitor;
import org.openrewrite.java.search.UsesType;
import org.openrewrite.java.tree.Expression;
import org.openrewrite.java.tree.J;
import org.openrewrite.java.tree.JContainer;
import org.openrewrite.java.tree.JLeftPadded;
import org.openrewrite.java.tree.JRightPadded;
import org.openrewrite.java.tree.JavaType;
import org.openrewrite.java.tree.Space;
import org.openrewrite.java.tree.TypeUtils;
import org.openrewrite.marker.Markers;

/**
 * Rewrites the attributes of Spring Framework 7's
 * {@code org.springframework.resilience.annotation.Retryable} into those of retrygen's
 * {@code @Retryable}, and removes the attributes of {@code @EnableResilientMethods}, leaving the
 * annotation types as they are: {@code io.retrygen.rewrite.SpringFrameworkRetryable} runs this
 * recipe and then changes the types.
 *
 * <p>{@code maxRetries = n} becomes {@code maxAttempts = n + 1} (an absent {@code maxRetries},
 * 3, becomes {@code maxAttempts = 4}); {@code value}/{@code includes} and {@code excludes} become
 * {@code retryFor} and {@code noRetryFor} with {@code matchCauses = true}, since Spring matches
 * the causes; {@code timeout} becomes {@code maxDuration}; {@code delay}, {@code multiplier},
 * {@code maxDelay} and {@code jitter} move into {@code backoff = @Backoff(...)}, the jitter in
 * milliseconds becoming a fraction of the delay; a {@code timeUnit} other than milliseconds is
 * applied to the numbers written. What has no counterpart ({@code predicate}, the {@code *String}
 * attributes) is removed with a {@code // TODO retrygen:} comment above the declaration.
 */
public final class MigrateSpringFrameworkRetryableValues extends Recipe {

  static final String RETRYABLE = "org.springframework.resilience.annotation.Retryable";
  static final String ENABLE = "org.springframework.resilience.annotation.EnableResilientMethods";
  private static final String BACKOFF = "io.retrygen.Backoff";
  /** retrygen's cap of an exponential backoff without maxDelay (SPEC §4). */
  private static final long EXPONENTIAL_CAP = 30000;

  @Override
  public String getDisplayName() {
    return "Spring Framework 7 `@Retryable` attributes to retrygen's";
  }

  @Override
  public String getDescription() {
    return "Converts the attributes of Spring Framework 7's `@Retryable` to those of retrygen "
        + "(`maxRetries` + 1 to `maxAttempts`, `includes` to `retryFor` with `matchCauses`, the "
        + "delays to a nested `@Backoff`, the jitter to a fraction) and removes those of "
        + "`@EnableResilientMethods`; what has no counterpart is removed with a "
        + "`// TODO retrygen:` comment.";
  }

  @Override
  public TreeVisitor<?, ExecutionContext> getVisitor() {
    return Preconditions.check(Preconditions.or(new UsesType<>(RETRYABLE, false),
        new UsesType<>(ENABLE, false)), new AnnotationMigrationVisitor() {
          @Override
          J.Annotation migrate(J.Annotation annotation, Site site) {
            if (TypeUtils.isOfClassType(annotation.getType(), RETRYABLE)) {
              J.Annotation migrated = retryable(annotation, site);
              if (AnnotationArguments.of(migrated).has("backoff")) {
                maybeAddImport(BACKOFF, false);
              }
              return migrated;
            }
            if (TypeUtils.isOfClassType(annotation.getType(), ENABLE)) {
              return withoutProxySettings(annotation, site, "@EnableResilientMethods",
                  "proxyTargetClass", "order");
            }
            return annotation;
          }
        });
  }

  private static J.Annotation retryable(J.Annotation annotation,
      AnnotationMigrationVisitor.Site site) {
    AnnotationArguments args = AnnotationArguments.of(annotation);
    String label = site.label(null);
    String prefix = "retrygen.retry." + label + ".";
    args.renameAlias("includes", "value");  // aliases: Spring requires equal values
    args.rename("value", "retryFor");
    args.rename("excludes", "noRetryFor");
    if (args.has("retryFor") || args.has("noRetryFor")) {
      args.put("matchCauses", booleanLiteral(true));
    }
    Expression predicate = args.remove("predicate");
    if (predicate != null) {
      site.todo("predicate = " + source(predicate) + " was removed: move its test into a method"
          + " `boolean name(Exception failure)` of this type and name it in retryIf = \"name\".");
    }

    long unit = 1;
    Expression timeUnit = args.remove("timeUnit");
    if (timeUnit != null) {
      unit = millisPer(timeUnit);
    }
    if (unit <= 0) {
      site.todo("timeUnit = " + source(timeUnit) + " was removed: retrygen's times are in "
          + "milliseconds; convert timeout, delay, maxDelay and jitter.");
      unit = 1;
    }

    // maxRetries counts retries, maxAttempts calls (the first one included).
    Expression maxRetries = args.get("maxRetries");
    if (maxRetries == null) {
      args.put("maxAttempts", intLiteral(4));
    } else {
      Number n = number(maxRetries);
      args.rename("maxRetries", "maxAttempts");
      args.put("maxAttempts", n != null ? intLiteral(n.longValue() + 1) : plusOne(maxRetries));
    }
    Expression timeout = args.get("timeout");
    if (timeout != null) {
      args.rename("timeout", "maxDuration");
      args.put("maxDuration", millis(timeout, unit));
    }

    AnnotationArguments backoff = AnnotationArguments.of(emptyBackoff());
    Expression delay = args.remove("delay");
    if (delay != null) {
      backoff.put("delay", millis(delay, unit));
    } else if (unit != 1) {
      // Spring's default delay, 1000, is in timeUnit too.
      backoff.put("delay", intLiteral(1000 * unit));
    }
    Expression multiplier = args.remove("multiplier");
    if (multiplier != null) {
      backoff.put("multiplier", multiplier);
    }
    Expression maxDelay = args.remove("maxDelay");
    if (maxDelay != null) {
      backoff.put("maxDelay", millis(maxDelay, unit));
    }
    Expression jitter = args.remove("jitter");
    if (jitter != null) {
      Number j = number(jitter);
      Number d = delay == null ? Long.valueOf(1000) : number(delay);
      if (j != null && d != null && d.longValue() > 0) {
        double fraction = Math.min(1.0, j.doubleValue() / d.doubleValue());
        backoff.put("jitter", doubleLiteral(new BigDecimal(fraction)
            .round(new MathContext(2)).doubleValue()));
      } else {
        site.todo("jitter = " + source(jitter) + " was removed: retrygen's jitter is a fraction "
            + "of each wait in [0, 1] (Spring's jitter divided by the delay, e.g. 100 ms of 500 ms"
            + " is jitter = 0.2): write it in @Backoff(jitter = ...).");
      }
    }
    Long cap = uncappedMaxWait(delay, multiplier, maxDelay, unit, args.get("maxAttempts"));
    if (cap != null) {
      // Spring has no cap by default; retrygen caps an exponential backoff at 30 s.
      backoff.put("maxDelay", intLiteral(cap));
    }
    if (!backoff.isEmpty()) {
      args.put("backoff", backoff.applyTo(emptyBackoff()));
    }

    String[][] strings = {
        {"maxRetriesString", "maxAttempts", "maxRetries + 1"},
        {"timeoutString", "maxDuration", "in ms"}, {"delayString", "delay", "in ms"},
        {"jitterString", "jitter", "a fraction of the delay in [0, 1], not ms"},
        {"multiplierString", "multiplier", ""}, {"maxDelayString", "maxDelay", "in ms"}};
    for (String[] s : strings) {
      Expression value = args.remove(s[0]);
      if (value != null) {
        MigrateSpringRetryAnnotationValues.overrideTodo(site, s[0] + " = " + source(value), value,
            prefix + s[1], s[2]);
      }
    }
    return args.applyTo(annotation);
  }

  /** Milliseconds in one {@code TimeUnit} constant, 0 for a unit this cannot convert exactly. */
  private static long millisPer(Expression timeUnit) {
    String name = timeUnit instanceof J.FieldAccess
        ? ((J.FieldAccess) timeUnit).getSimpleName()
        : timeUnit instanceof J.Identifier ? ((J.Identifier) timeUnit).getSimpleName() : "";
    switch (name) {
      case "MILLISECONDS": return 1;
      case "SECONDS": return 1000;
      case "MINUTES": return 60_000;
      case "HOURS": return 3_600_000;
      case "DAYS": return 86_400_000;
      default: return 0;
    }
  }

  /** A time in milliseconds: the number converted, or the expression times the unit. */
  private static Expression millis(Expression value, long unit) {
    if (unit == 1) {
      return value;
    }
    Number n = number(value);
    if (n != null) {
      return intLiteral(n.longValue() * unit);
    }
    return binary(value, J.Binary.Type.Multiplication, intLiteral(unit), JavaType.Primitive.Long);
  }

  /** {@code value + 1} as an int (a long constant is cast first). */
  private static Expression plusOne(Expression value) {
    Expression left = value;
    if (value.getType() == JavaType.Primitive.Long) {
      left = new J.TypeCast(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
          new J.ControlParentheses<>(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
              JRightPadded.build(new J.Primitive(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
                  JavaType.Primitive.Int))),
          value.withPrefix(Space.SINGLE_SPACE));
    }
    return binary(left, J.Binary.Type.Addition, intLiteral(1), JavaType.Primitive.Int);
  }

  private static J.Binary binary(Expression left, J.Binary.Type operator, Expression right,
      JavaType type) {
    return new J.Binary(Tree.randomId(), Space.EMPTY, Markers.EMPTY, left.withPrefix(Space.EMPTY),
        JLeftPadded.build(operator).withBefore(Space.SINGLE_SPACE), right.withPrefix(Space.SINGLE_SPACE),
        type);
  }

  /**
   * The longest wait Spring would take when it is above retrygen's 30 s cap of an exponential
   * backoff without maxDelay; null when every number is not a literal or the cap is not reached.
   */
  private static @Nullable Long uncappedMaxWait(@Nullable Expression delay,
      @Nullable Expression multiplier, @Nullable Expression maxDelay, long unit,
      @Nullable Expression maxAttempts) {
    Number m = number(multiplier);
    Number d = delay == null ? Long.valueOf(1000) : number(delay);
    Number attempts = number(maxAttempts);
    if (maxDelay != null || m == null || m.doubleValue() <= 1 || d == null || attempts == null) {
      return null;
    }
    double longest = d.longValue() * unit * Math.pow(m.doubleValue(), attempts.intValue() - 2);
    if (longest <= EXPONENTIAL_CAP) {
      return null;
    }
    return (long) Math.min(Math.ceil(longest), Long.MAX_VALUE);
  }

  private static J.Annotation emptyBackoff() {
    JavaType.ShallowClass type = JavaType.ShallowClass.build(BACKOFF);
    J.Identifier name = new J.Identifier(Tree.randomId(), Space.EMPTY, Markers.EMPTY,
        Collections.emptyList(), "Backoff", type, null);
    return new J.Annotation(Tree.randomId(), Space.EMPTY, Markers.EMPTY, name,
        JContainer.build(Space.EMPTY, Collections.emptyList(), Markers.EMPTY));
  }
}
