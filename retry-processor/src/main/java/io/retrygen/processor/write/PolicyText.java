package io.retrygen.processor.write;

import com.squareup.javapoet.MethodSpec;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.AnnotationConfig;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.TimeoutConfig;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;

/**
 * The Javadoc of a guarded method in the generated class: its resolved policy in one
 * short paragraph, so that an IDE's hover on the call answers "how often, on what, and how long
 * can this take?". For example:
 *
 * <pre>
 * Makes up to 5 attempts. Retries {&#64;code IOException}, but not {&#64;code
 * CardDeclinedException}. Waits 100, 200, 400, 800 ms between attempts, 1500 ms in all.
 * </pre>
 *
 * <p>A policy that a meta-annotation supplies says so first: {@code Policy of {&#64;code
 * &#64;DbRetry}: makes up to 4 attempts.}
 *
 * <p>The text is wrapped here, not by JavaPoet: its {@code $W} wraps a Javadoc line without the
 * {@code " * "} prefix (JavaPoet 1.13.0), so the paragraph is split at spaces outside {@code
 * {@code ...}} into lines that fit 100 columns inside a top-level class. Names the user chose
 * freely (breaker and budget names) are escaped so that no {@code *}{@code /}, brace or {@code @}
 * can end the comment or start a tag; type and method names are Java identifiers.
 */
public final class PolicyText {
  /** 100 columns less the {@code "   * "} in front of a member's Javadoc line. */
  static final int WIDTH = 95;

  private PolicyText() {}

  /** {@code written} with the policy of {@code method} as its Javadoc, if it is guarded. */
  static MethodSpec document(MethodSpec written, GuardedMethod method) {
    if (!method.isGuarded()) {
      return written;
    }
    return written.toBuilder().addJavadoc("$L", wrap(paragraph(method), WIDTH)).build();
  }

  /** The policy of a guarded method as one paragraph, unwrapped. */
  static String paragraph(GuardedMethod method) {
    List<String> sentences = new ArrayList<>();
    for (GuardWriter guard : GuardWriter.ALL) {
      if (guard.guards(method)) {
        guard.describe(method, sentences);
      }
    }
    if (method.stateful()) {
      sentences.add(exhausted(method));
    } else if (!method.recovers().isEmpty()) {
      sentences.add(recovery(method));
    }
    String source = source(method);
    if (!source.isEmpty()) {
      String first = sentences.get(0);
      sentences.set(0, source + ": " + Character.toLowerCase(first.charAt(0)) + first.substring(1));
    }
    return String.join(" ", sentences);
  }

  /**
   * Which meta-annotations the policy comes from, empty when none: {@code Policy of {@code
   * @DbRetry}} when one supplies every guard, else a clause for each, {@code Retry and budget from
   * {@code @DbRetry}; timeout from {@code @Slow}}, in the order retry, circuit breaker, timeout,
   * budget.
   */
  static String source(GuardedMethod method) {
    List<TypeElement> metas = method.metaAnnotations();
    List<AnnotationConfig> configs = method.configs();
    if (metas.isEmpty()) {
      return "";
    }
    if (metas.size() == 1 && configs.size() == countFrom(configs, metas.get(0))) {
      return "Policy of " + code("@" + metas.get(0).getSimpleName());
    }
    List<String> clauses = new ArrayList<>();
    for (TypeElement meta : metas) {
      List<String> kinds = new ArrayList<>();
      for (AnnotationConfig config : configs) {
        if (meta.equals(config.metaAnnotation())) {
          kinds.add(kind(config));
        }
      }
      StringBuilder clause = new StringBuilder();
      for (int i = 0; i < kinds.size(); i++) {
        clause.append(i == 0 ? "" : i == kinds.size() - 1 ? " and " : ", ").append(kinds.get(i));
      }
      clauses.add(clause + " from " + code("@" + meta.getSimpleName()));
    }
    String text = String.join("; ", clauses);
    return Character.toUpperCase(text.charAt(0)) + text.substring(1);
  }

  private static int countFrom(List<AnnotationConfig> configs, TypeElement meta) {
    int count = 0;
    for (AnnotationConfig config : configs) {
      count += meta.equals(config.metaAnnotation()) ? 1 : 0;
    }
    return count;
  }

  private static String kind(AnnotationConfig config) {
    return config instanceof RetryConfig ? "retry"
        : config instanceof BreakerConfig ? "circuit breaker"
        : config instanceof TimeoutConfig ? "timeout"
        : "budget";
  }

  /**
   * {@code When it gives up, it recovers with lastKnown (for IOException), else fromCache;
   * FileNotFoundException is rethrown as is.}
   */
  private static String recovery(GuardedMethod method) {
    StringBuilder text = new StringBuilder("When it gives up, it recovers with ");
    recoverers(method, text);
    List<TypeMirror> notRecoverable =
        method.retry() == null ? new ArrayList<TypeMirror>() : method.retry().notRecoverable();
    boolean cancellation = method.rethrowsCancellation();
    if (!notRecoverable.isEmpty() || cancellation) {
      text.append("; ");
      if (!notRecoverable.isEmpty()) {
        text.append(types(notRecoverable)).append(cancellation ? " and " : "");
      }
      text.append(cancellation ? "a cancellation" : "")
          .append(notRecoverable.size() + (cancellation ? 1 : 0) == 1 ? " is" : " are")
          .append(" rethrown as is");
    }
    return text.append('.').toString();
  }

  /**
   * {@code Once a key's retries end, the next call with it does not call handle: it recovers with
   * fallback, else throws RetryExhaustedException.}
   */
  private static String exhausted(GuardedMethod method) {
    StringBuilder text =
        new StringBuilder("Once a key's retries end, the next call with it does not call ")
            .append(code(method.method().getSimpleName().toString()))
            .append(": it ");
    String exception = code("RetryExhaustedException");
    List<RecoverMethod> called = method.calledRecovers();
    if (called.isEmpty()) {
      return text.append("throws ").append(exception).append('.').toString();
    }
    recoverers(method, text.append("recovers with "));
    List<TypeMirror> notRecoverable = method.retry().notRecoverable();
    if (!called.get(called.size() - 1).catchesAll()) {
      text.append(", else throws ").append(exception);
      if (!notRecoverable.isEmpty()) {
        text.append(" (also for ").append(types(notRecoverable)).append(')');
      }
    } else if (!notRecoverable.isEmpty()) {
      text.append(", but throws ").append(exception).append(" for ")
          .append(types(notRecoverable));
    }
    return text.append('.').toString();
  }

  /** Appends {@code lastKnown (for IOException), else fromCache} to {@code text}. */
  private static void recoverers(GuardedMethod method, StringBuilder text) {
    String separator = "";
    for (RecoverMethod recover : method.calledRecovers()) {
      text.append(separator).append(code(recover.method().getSimpleName().toString()));
      if (!recover.catchesAll()) {
        text.append(" (for ").append(code(Messages.typeName(recover.failureType())))
            .append(')');
      }
      separator = ", else ";
    }
  }

  /** {@code {@code A}, {@code B} and {@code C}}: simple names as messages show them. */
  static String types(List<TypeMirror> types) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < types.size(); i++) {
      if (i > 0) {
        text.append(i == types.size() - 1 ? (types.size() == 2 ? " or " : ", or ") : ", ");
      }
      text.append(code(Messages.typeName(types.get(i))));
    }
    return text.toString();
  }

  /** 0.5 is {@code 50%}, 0.333 is {@code 33.3%}: exact, from the decimal the user wrote. */
  static String percent(double ratio) {
    return BigDecimal.valueOf(ratio).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
  }

  /** A Java identifier or type name in {@code {@code ...}}. */
  static String code(String javaName) {
    return "{@code " + javaName + "}";
  }

  /**
   * A name the user chose freely, quoted: in {@code {@code "..."}} when it is plain, else as text
   * with every character that could end the comment, open or close a tag, or form a Unicode escape
   * written as an HTML character reference.
   */
  static String name(String name) {
    boolean plain = true;
    for (int i = 0; i < name.length() && plain; i++) {
      char c = name.charAt(i);
      plain = Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-' || c == ':'
          || c == '#' || c == '$' || c == ' ' || c == '/';
    }
    if (plain && !name.trim().isEmpty()) {
      return code("\"" + name + "\"");
    }
    StringBuilder text = new StringBuilder("\"");
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (Character.isLetterOrDigit(c) || c == '.' || c == '_' || c == '-' || c == ':'
          || c == ' ') {
        text.append(c);
      } else {
        text.append("&#").append((int) c).append(';');
      }
    }
    return text.append('"').toString();
  }

  /**
   * {@code text} in lines of at most {@code width} characters, broken at spaces outside {@code
   * {...}} (a longer word keeps a line of its own), each ended with a line break.
   */
  static String wrap(String text, int width) {
    List<String> words = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        depth = Math.max(0, depth - 1);
      } else if (c == ' ' && depth == 0) {
        words.add(text.substring(start, i));
        start = i + 1;
      }
    }
    words.add(text.substring(start));
    StringBuilder wrapped = new StringBuilder();
    int lineLength = 0;
    for (String word : words) {
      if (word.isEmpty()) {
        continue;
      }
      if (lineLength > 0 && lineLength + 1 + word.length() > width) {
        wrapped.append('\n');
        lineLength = 0;
      }
      if (lineLength > 0) {
        wrapped.append(' ');
        lineLength++;
      }
      wrapped.append(word);
      lineLength += word.length();
    }
    return wrapped.append('\n').toString();
  }
}
