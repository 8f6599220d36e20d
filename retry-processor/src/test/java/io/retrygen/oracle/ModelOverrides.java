package io.retrygen.oracle;

import java.util.Collections;
import java.util.Map;

/**
 * The run-time overrides as the contract words them (SPEC §17), applied by the model to its own
 * {@link Policy} values; it shares no code with the runtime's overrides. A value given replaces the
 * annotation's (a method without {@code @Backoff} has the fixed 1000 ms one, which a backoff key
 * changes); {@code retry.enabled=false} makes one attempt, as {@code maxAttempts = 1}, the budget
 * still counting; {@code circuitbreaker.enabled=false} turns the breaker off (every call passes,
 * nothing is counted, it stays closed); the kill switch {@code retrygen.enabled=false} does all
 * that and turns the budget off (it takes nothing), leaving timeouts and recovery alone; {@code
 * timeout.value} replaces the limit of a method that has one.
 *
 * <p>And the annotations' rules the values must keep ({@link #brokenRule}): those of SPEC §3, §4,
 * §6, §10 and §16 on the values the method ends up with, which the generator keeps and breaks.
 */
final class ModelOverrides {
  /** A method without {@code @Backoff}: a fixed 1000 ms (SPEC §4). */
  private static final Policy.Backoff NO_BACKOFF = new Policy.Backoff(
      1000, 0, 0, false, 0, Collections.<Fault>emptyList(), false, false);

  private ModelOverrides() {}

  /** The policy a method of {@code compiled} runs with under {@code overrides}. */
  static Policy effective(Policy compiled, Overrides overrides) {
    if (overrides.isEmpty()) {
      return compiled;
    }
    Policy valued = overridden(compiled, overrides.values);
    boolean killed = overrides.killSwitch();
    Policy.Retry retry = valued.retry;
    if (retry != null && (killed || isFalse(overrides.values, "retry.enabled"))) {
      retry = new Policy.Retry(retry.retryFor, retry.noRetryFor, retry.notRecoverable, 1,
          retry.maxDuration, retry.backoff, retry.retryIf, retry.retryOnResult, retry.recoverName,
          retry.label, retry.listeners, retry.matchCauses);
    }
    boolean breakerOff = killed || isFalse(overrides.values, "circuitbreaker.enabled");
    return new Policy(retry, breakerOff ? null : valued.breaker, killed ? null : valued.budget,
        compiled.members, valued.timeout, compiled.stateful);
  }

  /**
   * {@code compiled} with the values of {@code values} and none of the switches: what the rules
   * apply to, and what a script is drawn for (a breaker turned off is still there to call).
   */
  static Policy overridden(Policy compiled, Map<String, String> values) {
    if (values.isEmpty()) {
      return compiled;
    }
    Policy.Retry retry = compiled.retry;
    if (retry != null) {
      Policy.Backoff backoff = retry.backoff;
      if (values.containsKey("retry.delay") || values.containsKey("retry.maxDelay")
          || values.containsKey("retry.multiplier") || values.containsKey("retry.jitter")) {
        Policy.Backoff base = backoff != null ? backoff : NO_BACKOFF;
        backoff = new Policy.Backoff(
            (long) number(values, "retry.delay", base.delay),
            (long) number(values, "retry.maxDelay", base.maxDelay),
            number(values, "retry.multiplier", base.multiplier),
            base.random,
            number(values, "retry.jitter", base.jitter),
            base.delayForFailures, base.delayForResult, base.direct);
      }
      retry = new Policy.Retry(retry.retryFor, retry.noRetryFor, retry.notRecoverable,
          (int) number(values, "retry.maxAttempts", retry.maxAttempts),
          (long) number(values, "retry.maxDuration", retry.maxDuration),
          backoff, retry.retryIf, retry.retryOnResult, retry.recoverName, retry.label,
          retry.listeners, retry.matchCauses);
    }
    Policy.Breaker breaker = compiled.breaker;
    if (breaker != null) {
      breaker = new Policy.Breaker(breaker.failOn, breaker.skipOn,
          (int) number(values, "circuitbreaker.requestVolumeThreshold",
              breaker.requestVolumeThreshold),
          number(values, "circuitbreaker.failureRatio", breaker.failureRatio),
          (long) number(values, "circuitbreaker.delay", breaker.delay),
          (int) number(values, "circuitbreaker.successThreshold", breaker.successThreshold),
          breaker.named);
    }
    Policy.Budget budget = compiled.budget;
    if (budget != null) {
      budget = new Policy.Budget(budget.named,
          (int) number(values, "budget.maxTokens", budget.maxTokens),
          (int) Math.round(number(values, "budget.tokenRatio", budget.ratioThousandths / 1000.0)
              * 1000));
    }
    Long timeout = compiled.timeout;
    if (values.containsKey("timeout.value")
        && (timeout != null || compiled.members.typeTimeout != null)) {
      timeout = Long.valueOf(values.get("timeout.value"));
    }
    return new Policy(retry, breaker, budget, compiled.members, timeout, compiled.stateful);
  }

  /**
   * The rule of the annotations that {@code compiled} with {@code values} breaks, null for none:
   * only the policies the method has are checked, as only theirs are applied.
   */
  static String brokenRule(Policy compiled, Map<String, String> values) {
    Policy.Retry retry = compiled.retry;
    if (retry != null) {
      Policy.Backoff backoff = retry.backoff != null ? retry.backoff : NO_BACKOFF;
      double attempts = number(values, "retry.maxAttempts", retry.maxAttempts);
      double duration = number(values, "retry.maxDuration", retry.maxDuration);
      double delay = number(values, "retry.delay", backoff.delay);
      double maxDelay = number(values, "retry.maxDelay", backoff.maxDelay);
      double multiplier = number(values, "retry.multiplier", backoff.multiplier);
      double jitter = number(values, "retry.jitter", backoff.jitter);
      boolean exponential = multiplier > 1;
      if (attempts < 1) {
        return "maxAttempts counts the first call: at least 1";
      }
      if (duration < 0 || delay < 0 || maxDelay < 0) {
        return "maxDuration, delay and maxDelay are not negative";
      }
      if (maxDelay > 0 && maxDelay < delay) {
        return "maxDelay is 0 or at least delay";
      }
      if (multiplier != 0 && multiplier < 1) {
        return "multiplier is 0 or 1 (fixed) or above 1";
      }
      if (jitter < 0 || jitter > 1) {
        return "jitter is in [0, 1]";
      }
      if (exponential && maxDelay == 0 && delay > ModelWaits.IMPLICIT_CAP) {
        return "an exponential delay above the implicit cap needs maxDelay";
      }
      if (backoff.random && !exponential && maxDelay <= delay) {
        return "a random fixed backoff needs maxDelay above delay";
      }
      if (duration > 0 && delay >= duration) {
        return "maxDuration is 0 or above delay";
      }
    }
    Policy.Breaker breaker = compiled.breaker;
    if (breaker != null) {
      double volume = number(values, "circuitbreaker.requestVolumeThreshold",
          breaker.requestVolumeThreshold);
      double ratio = number(values, "circuitbreaker.failureRatio", breaker.failureRatio);
      if (volume < 1 || volume > (1 << 20)) {
        return "requestVolumeThreshold is in [1, 2^20]";
      }
      if (!(ratio > 0 && ratio <= 1)) {
        return "failureRatio is in (0, 1]";
      }
      if (number(values, "circuitbreaker.delay", breaker.delay) < 0) {
        return "a breaker's delay is not negative";
      }
      if (number(values, "circuitbreaker.successThreshold", breaker.successThreshold) < 1) {
        return "successThreshold is at least 1";
      }
    }
    Policy.Budget budget = compiled.budget;
    if (budget != null) {
      double tokens = number(values, "budget.maxTokens", budget.maxTokens);
      double ratio = number(values, "budget.tokenRatio", budget.ratioThousandths / 1000.0);
      if (tokens < 1 || tokens > 1000) {
        return "maxTokens is in [1, 1000]";
      }
      if (!(ratio > 0 && ratio <= 1) || Math.abs(ratio * 1000 - Math.rint(ratio * 1000)) > 1e-9) {
        return "tokenRatio is in (0, 1] with at most 3 decimals";
      }
    }
    boolean timed = compiled.timeout != null || compiled.members.typeTimeout != null;
    if (timed && number(values, "timeout.value", 1) <= 0) {
      return "a timeout is above 0";
    }
    return null;
  }

  private static boolean isFalse(Map<String, String> values, String attribute) {
    return "false".equals(values.get(attribute));
  }

  private static double number(Map<String, String> values, String attribute, double compiled) {
    String value = values.get(attribute);
    return value == null ? compiled : Double.parseDouble(value);
  }
}
