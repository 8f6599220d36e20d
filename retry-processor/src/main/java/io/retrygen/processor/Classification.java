package io.retrygen.processor;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.type.TypeMirror;

/**
 * Which failures a guarded method retries, or its breaker counts, as a Java condition on the
 * caught {@code failure}: plain {@code instanceof} tests decided at compile time, for the loop to
 * inline.
 */
final class Classification {
  private static final ClassName THROWABLE = ClassName.get(Throwable.class);
  private static final ClassName EXCEPTION = ClassName.get(Exception.class);
  private static final ClassName INTERRUPTED = ClassName.get(InterruptedException.class);

  private Classification() {}

  /**
   * {@code failure instanceof A || ...} for the {@code includes} ({@code Exception} when empty:
   * {@code retryFor}, {@code failOn}) and not any of the {@code excludes} ({@code noRetryFor},
   * {@code skipOn}), nor, with {@code excludeInterruption}, an {@code InterruptedException}, and
   * then each of {@code more} ({@code retrier.mayRetry(attempt)}); empty when every failure matches
   * and there is nothing more.
   *
   * <p>This is the one place that joins the conjuncts, so it alone decides the parentheses: a
   * disjunction of several included types is parenthesized whenever anything else is joined to
   * it with {@code &&}, which binds tighter than {@code ||}.
   */
  static CodeBlock condition(
      List<TypeMirror> includes,
      List<TypeMirror> excludes,
      boolean excludeInterruption,
      String failure,
      CodeBlock... more) {
    List<TypeName> included = new ArrayList<>();
    boolean all = false;
    for (TypeMirror type : includes) {
      TypeName name = TypeName.get(type);
      all |= name.equals(THROWABLE);
      included.add(name);
    }
    if (included.isEmpty()) {
      included.add(EXCEPTION);
    }
    List<TypeName> excluded = new ArrayList<>();
    for (TypeMirror type : excludes) {
      excluded.add(TypeName.get(type));
    }
    if (excludeInterruption) {
      excluded.add(INTERRUPTED);
    }
    List<CodeBlock> conditions = new ArrayList<>();
    if (!excluded.isEmpty()) {
      conditions.add(CodeBlock.of("!$L", instanceOfAny(failure, excluded, true)));
    }
    conditions.addAll(Arrays.asList(more));
    if (!all) {
      boolean parens = included.size() > 1 && !conditions.isEmpty();
      conditions.add(0, instanceOfAny(failure, included, parens));
    }
    return joinWrapping(conditions, "&&");
  }

  static CodeBlock instanceOfAny(String failure, List<TypeName> types, boolean parens) {
    List<CodeBlock> tests = new ArrayList<>();
    for (TypeName type : types) {
      tests.add(CodeBlock.of("$N instanceof $T", failure, type));
    }
    CodeBlock any = joinWrapping(tests, "||");
    return parens ? CodeBlock.of("($L)", any) : any;
  }

  /** {@code a op b op c}, free to wrap before each operator when the line gets long. */
  private static CodeBlock joinWrapping(List<CodeBlock> blocks, String operator) {
    CodeBlock.Builder joined = CodeBlock.builder();
    for (int i = 0; i < blocks.size(); i++) {
      joined.add(i == 0 ? "$L" : "$W" + operator + " $L", blocks.get(i));
    }
    return joined.build();
  }
}
