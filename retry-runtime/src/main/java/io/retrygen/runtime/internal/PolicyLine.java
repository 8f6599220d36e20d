package io.retrygen.runtime.internal;

import static io.retrygen.runtime.internal.OverrideKeys.BREAKER;
import static io.retrygen.runtime.internal.OverrideKeys.BUDGET;
import static io.retrygen.runtime.internal.OverrideKeys.ENABLED;
import static io.retrygen.runtime.internal.OverrideKeys.PREFIX;
import static io.retrygen.runtime.internal.OverrideKeys.RETRY;
import static io.retrygen.runtime.internal.OverrideKeys.TIMEOUT;

import io.retrygen.runtime.BackoffPolicy;
import java.util.Map;

/**
 * Not API. The one line {@link io.retrygen.runtime.PolicyOverrides#describe} returns: the
 * effective policy of a label, every value as {@code name=value} and an overridden one followed by
 * {@code (override)}, e.g. {@code Orders.place: retry maxAttempts=5 (override), maxDuration=0,
 * delay=50, ...; budget Orders maxTokens=20, tokenRatio=0.05; timeout value=500}.
 */
final class PolicyLine {
  private final Map<String, OverrideValue> values;
  private final boolean killed;
  private final StringBuilder line = new StringBuilder();
  private String section;
  private String separator;

  PolicyLine(Map<String, OverrideValue> values, boolean killed) {
    this.values = values;
    this.killed = killed;
  }

  String describe(String label, OverrideTable.BoundPolicies policies) {
    line.append(label).append(':');
    if (killed) {
      line.append(" " + ENABLED + "=false (no retry, breakers closed, budgets off);");
    }
    RetryPolicy retry = policies.retry;
    if (retry != null) {
      start("retry", PREFIX + RETRY + "." + label + ".");
      boolean disabled = values.containsKey(section + "enabled")
          && values.get(section + "enabled").isFalse();
      if (disabled || killed) {
        line.append(" one attempt (").append(disabled ? "enabled=false" : ENABLED + "=false")
            .append(')');
        separator = ", ";
      } else {
        value("maxAttempts", retry.maxAttempts());
      }
      value("maxDuration", retry.maxDurationMillis());
      BackoffPolicy backoff = retry.backoff();
      value("delay", backoff.delayMillis());
      value("maxDelay", backoff.maxDelayMillis());
      value("multiplier", backoff.multiplier());
      value("jitter", backoff.jitter());
      value("random", backoff.random());
      BudgetSpec budget = retry.budgetSpec();
      if (budget != null) {
        line.append(';');
        start("budget " + budget.name(), PREFIX + BUDGET + "." + budget.name() + ".");
        value("maxTokens", budget.maxTokens());
        value("tokenRatio", budget.tokenRatio());
        TokenBucket live = BudgetRegistry.existing(budget.name());
        if (live != null && !live.hasSettings(budget.maxTokens(), budget.tokenRatio())) {
          firstCreatedWins("budget", live.settings());
        }
      }
    }
    CircuitBreakerPolicy breaker = policies.breaker;
    if (breaker != null) {
      line.append(retry != null ? ";" : "");
      start("circuit breaker " + policies.breakerName,
          PREFIX + BREAKER + "." + policies.breakerName + ".");
      if (!breaker.enabled()) {
        line.append(" disabled");
        separator = ", ";
      }
      value("requestVolumeThreshold", breaker.requestVolumeThreshold());
      value("failureRatio", breaker.failureRatio());
      value("delay", breaker.delayMillis());
      value("successThreshold", breaker.successThreshold());
      SharedBreaker live = BreakerRegistry.existing(policies.breakerName);
      if (live != null && !live.createdWith().settings().equals(breaker.settings())) {
        firstCreatedWins("breaker", live.createdWith().settings());
      }
    }
    TimeoutPolicy timeout = policies.timeout;
    if (timeout != null) {
      line.append(retry != null || breaker != null ? ";" : "");
      start("timeout", PREFIX + TIMEOUT + "." + label + ".");
      value("value", timeout.millis());
    }
    return line.toString();
  }

  /**
   * A breaker or budget is shared by name and keeps the settings of the first binding that
   * created it: when those differ from the ones bound here, the line says which are in force.
   */
  private void firstCreatedWins(String what, String settings) {
    line.append(" (not in force: the ").append(what).append(" of this name was created first with ")
        .append(settings).append(", and the first created wins)");
  }

  private void start(String name, String keys) {
    line.append(' ').append(name);
    section = keys;
    separator = " ";
  }

  private void value(String attribute, Object value) {
    line.append(separator).append(attribute).append('=').append(value);
    if (values.containsKey(section + attribute)) {
      line.append(" (override)");
    }
    separator = ", ";
  }
}
