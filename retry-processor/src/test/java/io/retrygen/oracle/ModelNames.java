package io.retrygen.oracle;

/**
 * The names the contract gives: the label of events (its {@code label}, else {@code
 * Type.method}; a template's own), and the breaker's and budget's names (their {@code name},
 * else the method's label).
 */
final class ModelNames {
  private ModelNames() {}

  static String label(Policy policy, Names names, Path path) {
    String custom = policy.retry == null ? null : policy.retry.label;
    if (path == Path.STATEFUL_TEMPLATE) { // the state is per label: never "RetryTemplate"
      return names.customLabel(custom == null ? "template" : custom, path);
    }
    if (path.template) {
      return custom == null ? "RetryTemplate" : names.customLabel(custom, path);
    }
    return custom != null
        ? names.customLabel(custom, path)
        : names.type + "." + names.method(path);
  }

  static String budget(Policy policy, Names names, Path path) {
    return policy.budget.named ? names.budgetName(path) : label(policy, names, path);
  }

  static String breaker(Policy policy, Names names, Path path) {
    return policy.breaker.named ? names.breakerName(path) : label(policy, names, path);
  }
}
