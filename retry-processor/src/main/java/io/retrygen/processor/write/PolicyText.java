package io.retrygen.processor.write;

import com.squareup.javapoet.MethodSpec;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.Schedule;
import io.retrygen.processor.model.Waits;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
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
    RetryConfig retry = method.retry();
    if (retry != null) {
      Waits waits = Waits.of(retry.backoff());
      sentences.add(attempts(method, waits));
      if (retry.maxAttempts() > 1) {
        sentences.add(failures(method));
        sentences.add(waits(retry, waits));
      }
    }
    if (method.budget() != null) {
      sentences.add(budget(method));
    }
    if (method.breaker() != null) {
      sentences.add(breaker(method));
    }
    if (!method.recovers().isEmpty()) {
      sentences.add(recovery(method));
    }
    return String.join(" ", sentences);
  }

  /**
   * {@code Makes up to 5 attempts, started within 3000 ms of the first.}; with fewer attempts than
   * {@code maxAttempts} when the waits reach {@code maxDuration} first.
   */
  private static String attempts(GuardedMethod method, Waits waits) {
    RetryConfig retry = method.retry();
    int maxAttempts = retry.maxAttempts();
    String blocking = method.shape().isAsync() ? " without blocking" : "";
    if (maxAttempts == 1) {
      return "Makes 1 attempt" + blocking + ", with no retry.";
    }
    long maxDuration = retry.maxDuration();
    if (maxDuration == 0) {
      return "Makes up to " + maxAttempts + " attempts" + blocking + ".";
    }
    if (waits.deterministic()) {
      Schedule schedule = waits.exact(maxAttempts, maxDuration);
      long reachable = schedule.retries() + 1;
      if (schedule.exact() && reachable < maxAttempts) {
        return "Makes up to " + reachable + " attempts" + blocking + " (not " + maxAttempts
            + ": the waits reach maxDuration = " + maxDuration + " ms first).";
      }
    }
    return "Makes up to " + maxAttempts + " attempts" + blocking + ", started within "
        + maxDuration + " ms of the first.";
  }

  /**
   * {@code Retries IOException, but not CardDeclinedException, when isTransient accepts it, and a
   * result that isStale rejects; interruption and cancellation are never retried.} With {@code
   * matchCauses}, the failures caused by those types count too; a {@code retryIf} that takes a
   * narrower type than {@code retryFor} retries only that type, and says so.
   */
  private static String failures(GuardedMethod method) {
    RetryConfig retry = method.retry();
    StringBuilder text = new StringBuilder("Retries ");
    text.append(retry.retryFor().isEmpty() ? "any " + code("Exception") : types(retry.retryFor()));
    if (retry.matchCauses()) {
      text.append(retry.retryFor().size() > 1 ? ", or a failure caused by one of them"
          : ", or a failure caused by one");
    }
    if (!retry.noRetryFor().isEmpty()) {
      text.append(", but not ").append(types(retry.noRetryFor()));
      if (retry.matchCauses()) {
        text.append(" nor a failure caused by one");
      }
    }
    PredicateMethod retryIf = method.retryIf();
    if (retryIf != null) {
      text.append(retry.noRetryFor().isEmpty() ? " when " : ", when ");
      if (retryIf.needsCast() && !retryIf.classified()) {
        text.append("it is ").append(article(Messages.typeName(retryIf.parameterType())))
            .append(' ').append(code(Messages.typeName(retryIf.parameterType())))
            .append(" that ").append(code(retry.retryIf())).append(" accepts");
      } else {
        text.append(code(retry.retryIf())).append(" accepts it");
      }
    }
    if (method.retryOnResult() != null) {
      text.append(", and a result that ").append(code(retry.retryOnResult())).append(" rejects");
    }
    if (retry.excludesInterruption() && retry.excludesCancellation()) {
      text.append("; interruption and cancellation are never retried");
    } else if (retry.excludesInterruption()) {
      text.append("; interruption is never retried");
    } else if (retry.excludesCancellation()) {
      text.append("; cancellation is never retried");
    }
    return text.append('.').toString();
  }

  /** {@code "an"} before a vowel, else {@code "a"}: "an IOException", "a TimeoutException". */
  private static String article(String word) {
    return "AEIOUaeiou".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
  }

  /**
   * {@code Waits 100, 200, 400, 800 ms between attempts, 1500 ms in all.}, a range when the waits
   * are random or jittered, what {@code delayFor} asks for up to the cap.
   */
  private static String waits(RetryConfig retry, Waits waits) {
    int maxAttempts = retry.maxAttempts();
    long maxDuration = retry.maxDuration();
    Long worst = waits.worstCaseTotal(maxAttempts, maxDuration);
    if (waits.deterministic()) {
      Schedule schedule = waits.exact(maxAttempts, maxDuration);
      if (schedule.total() == 0 && schedule.exact()) {
        return "No wait between attempts.";
      }
      String total =
          schedule.retries() == 1
              ? ""
              : ", " + (schedule.exact() ? "" : "at most ") + schedule.total() + " ms in all";
      return "Waits " + schedule.describe() + " between attempts" + total + ".";
    }
    String totalText =
        worst == null
            ? ", with no bound on the total"
            : maxAttempts == 2 ? "" : ", at most " + worst + " ms in all";
    if (waits.delayFor()) {
      String cap =
          waits.cap() == Waits.NO_CAP
              ? ""
              : " if at most " + waits.cap() + " ms (a longer wait ends the call)";
      return "Waits what " + code(retry.backoff().delayFor()) + " asks for" + cap
          + ", else " + formula(waits.formula(), maxAttempts) + totalText + ".";
    }
    return "Waits " + range(waits, maxAttempts) + " between attempts" + totalText + ".";
  }

  /** What the backoff's formula waits: {@code 100, 200 ms} or {@code a random 100 to 400 ms}. */
  private static String formula(Waits waits, int maxAttempts) {
    if (waits.deterministic()) {
      Schedule schedule = waits.largest(maxAttempts);
      return schedule.total() == 0 ? "no wait" : schedule.describe();
    }
    return range(waits, maxAttempts);
  }

  /** {@code a random 100 to 2000 ms}, {@code a jittered 900 to 1100 ms}. */
  private static String range(Waits waits, int maxAttempts) {
    String kind =
        waits.random() && waits.jittered() ? "a random, jittered"
            : waits.random() ? "a random"
            : "a jittered";
    return kind + " " + waits.lowest(1) + " to " + waits.highest(maxAttempts - 1) + " ms";
  }

  /**
   * {@code Shares the retry budget "Client" (10 tokens, 0.1 back per other outcome): retries only
   * while more than 5 tokens are left.}
   */
  private static String budget(GuardedMethod method) {
    BudgetConfig budget = method.budget();
    return "Shares the retry budget " + name(method.budgetName()) + " (" + budget.maxTokens()
        + " tokens, " + Messages.number(budget.tokenRatio())
        + " back per other outcome): retries only while more than "
        + Messages.number(budget.maxTokens() / 2.0) + " tokens are left.";
  }

  /**
   * {@code Each attempt passes the circuit breaker "quotes", which opens when at least 50% of the
   * last 20 calls failed with IOException, stays open 5000 ms, then closes after 1 successful
   * trial call.}
   */
  private static String breaker(GuardedMethod method) {
    BreakerConfig breaker = method.breaker();
    StringBuilder text =
        new StringBuilder(method.retry() != null ? "Each attempt passes " : "Guarded by ");
    // An unnamed breaker is named by the label, and shared by every instance like a named one.
    text.append("the circuit breaker ")
        .append(name(breaker.name().isEmpty() ? method.label() : breaker.name()));
    text.append(", which opens when at least ")
        .append(percent(breaker.failureRatio()))
        .append(" of the last ")
        .append(breaker.requestVolumeThreshold())
        .append(breaker.requestVolumeThreshold() == 1 ? " call" : " calls")
        .append(" failed");
    if (!breaker.failOn().isEmpty()) {
      text.append(" with ").append(types(breaker.failOn()));
    }
    if (!breaker.skipOn().isEmpty()) {
      text.append(" (not ").append(types(breaker.skipOn())).append(')');
    }
    text.append(", stays open ").append(breaker.delay()).append(" ms, then closes after ");
    int trials = breaker.successThreshold();
    text.append(trials == 1 ? "1 successful trial call" : trials + " successful trial calls");
    return text.append('.').toString();
  }

  /**
   * {@code When it gives up, it recovers with lastKnown (for IOException), else fromCache;
   * FileNotFoundException is rethrown as is.}
   */
  private static String recovery(GuardedMethod method) {
    StringBuilder text = new StringBuilder("When it gives up, it recovers with ");
    String separator = "";
    for (RecoverMethod recover : method.calledRecovers()) {
      text.append(separator).append(code(recover.method().getSimpleName().toString()));
      if (!recover.catchesAll()) {
        text.append(" (for ").append(code(Messages.typeName(recover.failureType())))
            .append(')');
      }
      separator = ", else ";
    }
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

  /** {@code {@code A}, {@code B} and {@code C}}: simple names as messages show them. */
  private static String types(List<TypeMirror> types) {
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
  private static String code(String javaName) {
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
