package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.RetryConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.type.TypeMirror;

/**
 * Which failures a guarded method retries, or its breaker counts, as a Java condition on the
 * caught {@code failure}: plain {@code instanceof} tests decided at compile time, for the loop to
 * inline; with {@code matchCauses}, the retrier's walk of the cause chain.
 */
public final class Classification {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);
  static final ClassName EXCEPTION = ClassName.get(Exception.class);
  private static final ClassName INTERRUPTED = ClassName.get(InterruptedException.class);
  static final ClassName CANCELLATION =
      ClassName.get("java.util.concurrent", "CancellationException");

  private Classification() {}

  /**
   * Step 1 of the decision order for {@code retry}, then each of {@code more} ({@code
   * retrier.mayRetry(attempt)}): {@code failure instanceof A || ...} for {@code retryFor} ({@code
   * Exception} when empty), or {@code retrier.matchesCauses(failure)} with {@code matchCauses};
   * and not any {@code noRetryFor} type (matched by the retrier with {@code matchCauses}), nor
   * {@code InterruptedException} or {@code CancellationException} unless {@code retryFor} names
   * them (these look at the failure itself). Empty when every failure is retryable and there is
   * nothing more.
   *
   * @param retrier what {@code matchesCauses} is called on
   */
  static CodeBlock retryable(
      RetryConfig retry, CodeBlock retrier, String failure, CodeBlock... more) {
    List<TypeName> excluded = new ArrayList<>();
    if (!retry.matchCauses()) {
      excluded.addAll(names(retry.noRetryFor()));
    }
    if (retry.excludesInterruption()) {
      excluded.add(INTERRUPTED);
    }
    if (retry.excludesCancellation()) {
      excluded.add(CANCELLATION);
    }
    if (retry.matchCauses()) {
      List<CodeBlock> conditions = new ArrayList<>();
      conditions.add(CodeBlock.of("$L.matchesCauses($N)", retrier, failure));
      return join(conditions, failure, excluded, more);
    }
    return condition(names(retry.retryFor()), excluded, failure, more);
  }

  /**
   * Whether the breaker counts {@code failure} as a failure: a {@code failOn} type ({@code
   * Exception} when empty) and not a {@code skipOn} one; empty when every failure counts.
   */
  static CodeBlock countsForBreaker(BreakerConfig breaker, String failure) {
    return condition(names(breaker.failOn()), names(breaker.skipOn()), failure);
  }

  /**
   * {@code failure instanceof A || ...} for the {@code included} ({@code Exception} when empty)
   * and not any of the {@code excluded}, then each of {@code more}.
   *
   * <p>This is the one place that joins the conjuncts, so it alone decides the parentheses: a
   * disjunction of several included types is parenthesized whenever anything else is joined to
   * it with {@code &&}, which binds tighter than {@code ||}.
   */
  private static CodeBlock condition(
      List<TypeName> included, List<TypeName> excluded, String failure, CodeBlock... more) {
    List<TypeName> includes = new ArrayList<>(included);
    if (includes.isEmpty()) {
      includes.add(EXCEPTION);
    }
    List<CodeBlock> conditions = new ArrayList<>();
    if (!includes.contains(THROWABLE)) {
      boolean parens = includes.size() > 1 && (!excluded.isEmpty() || more.length > 0);
      conditions.add(instanceOfAny(failure, includes, parens));
    }
    return join(conditions, failure, excluded, more);
  }

  /** {@code conditions && !(failure instanceof excluded...) && more...}. */
  private static CodeBlock join(
      List<CodeBlock> conditions, String failure, List<TypeName> excluded, CodeBlock... more) {
    List<CodeBlock> all = new ArrayList<>(conditions);
    if (!excluded.isEmpty()) {
      all.add(CodeBlock.of("!$L", instanceOfAny(failure, excluded, true)));
    }
    all.addAll(Arrays.asList(more));
    CodeBlock.Builder joined = CodeBlock.builder();
    for (int i = 0; i < all.size(); i++) {
      joined.add(i == 0 ? "$L" : "$W&& $L", all.get(i));
    }
    return joined.build();
  }

  /** {@code failure instanceof A || failure instanceof B}, in parentheses when asked. */
  static CodeBlock instanceOfAny(String failure, List<TypeName> types, boolean parens) {
    CodeBlock.Builder any = CodeBlock.builder();
    for (int i = 0; i < types.size(); i++) {
      any.add(i == 0 ? "$N instanceof $T" : "$W|| $N instanceof $T", failure, types.get(i));
    }
    return parens ? CodeBlock.of("($L)", any.build()) : any.build();
  }

  private static List<TypeName> names(List<TypeMirror> types) {
    List<TypeName> names = new ArrayList<>();
    for (TypeMirror type : types) {
      names.add(TypeName.get(type));
    }
    return names;
  }
}
