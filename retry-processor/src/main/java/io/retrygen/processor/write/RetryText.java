package io.retrygen.processor.write;

import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.Schedule;
import io.retrygen.processor.model.Waits;
import java.util.List;

/**
 * The retry's sentences in the policy Javadoc ({@link PolicyText}): how many attempts, which
 * failures are retried, how long it waits, and the retry budget it shares.
 */
final class RetryText {
  private RetryText() {}

  /** The sentences of {@code method}'s retry, which it has, in their order. */
  static void describe(GuardedMethod method, List<String> sentences) {
    RetryConfig retry = method.retry();
    Waits waits = Waits.of(retry.backoff());
    if (method.stateful()) {
      sentences.add(stateful(method));
    }
    sentences.add(attempts(method, waits));
    if (retry.maxAttempts() > 1) {
      sentences.add(failures(method));
      sentences.add(waits(retry, waits));
    }
    if (method.budget() != null) {
      sentences.add(budget(method));
    }
  }

  /**
   * {@code Stateful: each call makes one attempt, and rethrows its failure; a retried failure is
   * counted against the call's key, which messageId computes.}
   */
  private static String stateful(GuardedMethod method) {
    PredicateMethod stateKey = method.stateKey();
    int arguments = method.type().getParameterTypes().size();
    String key =
        stateKey != null
            ? "the call's key, which "
                + PolicyText.code(stateKey.method().getSimpleName().toString()) + " computes"
            : arguments == 0 ? "the one key that every call shares"
            : arguments == 1 ? "the call's key, its argument"
            : "the call's key, the list of its arguments";
    return "Stateful: each call makes one attempt and rethrows its failure; a retried failure is"
        + " counted against " + key + ".";
  }

  /**
   * {@code Makes up to 5 attempts, started within 3000 ms of the first.}; with fewer attempts than
   * {@code maxAttempts} when the waits reach {@code maxDuration} first. A stateful method makes
   * them per key, across calls.
   */
  private static String attempts(GuardedMethod method, Waits waits) {
    RetryConfig retry = method.retry();
    int maxAttempts = retry.maxAttempts();
    String blocking =
        method.returnKind().isDeferred() ? " without blocking"
            : method.stateful() ? " per key"
            : "";
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
        + maxDuration + " ms of the " + (method.stateful() ? "key's " : "") + "first.";
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
    text.append(
        retry.retryFor().isEmpty()
            ? "any " + PolicyText.code("Exception")
            : PolicyText.types(retry.retryFor()));
    if (retry.matchCauses()) {
      text.append(retry.retryFor().size() > 1 ? ", or a failure caused by one of them"
          : ", or a failure caused by one");
    }
    if (!retry.noRetryFor().isEmpty()) {
      text.append(", but not ").append(PolicyText.types(retry.noRetryFor()));
      if (retry.matchCauses()) {
        text.append(" nor a failure caused by one");
      }
    }
    PredicateMethod retryIf = method.retryIf();
    if (retryIf != null) {
      text.append(retry.noRetryFor().isEmpty() ? " when " : ", when ");
      if (retryIf.needsCast() && !retryIf.classified()) {
        text.append("it is ").append(article(Messages.typeName(retryIf.parameterType())))
            .append(' ').append(PolicyText.code(Messages.typeName(retryIf.parameterType())))
            .append(" that ").append(PolicyText.code(retry.retryIf())).append(" accepts");
      } else {
        text.append(PolicyText.code(retry.retryIf())).append(" accepts it");
      }
    }
    if (method.retryOnResult() != null) {
      text.append(", and a result that ")
          .append(PolicyText.code(retry.retryOnResult()))
          .append(" rejects");
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
      return "Waits what " + PolicyText.code(retry.backoff().delayFor()) + " asks for" + cap
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
    return "Shares the retry budget " + PolicyText.name(method.budgetName()) + " ("
        + budget.maxTokens()
        + " tokens, " + Messages.number(budget.tokenRatio())
        + " back per other outcome): retries only while more than "
        + Messages.number(budget.maxTokens() / 2.0) + " tokens are left.";
  }
}
