package io.retrygen.oracle;

/**
 * The names one compiled pair of guarded methods goes by: its type, its slot in the type, and the
 * custom label, breaker and budget names of its methods (the pair and, where the type declares
 * one, their {@code suspend} twin), unique in the JVM (budgets and named
 * breakers live as long as the process) through {@code tag}. Which name the product then uses (a
 * default label, a budget named by the label) is the model's business, not this class's.
 */
final class Names {
  static final String PACKAGE = "oracle.cases";

  final String type;
  final int slot;
  private final String tag;

  Names(String type, String tag, int slot) {
    this.type = type;
    this.tag = tag;
    this.slot = slot;
  }

  String qualifiedType() {
    return PACKAGE + "." + type;
  }

  /**
   * The guarded method a path calls: {@code callN}, {@code callAsyncN}, {@code callSuspendN},
   * {@code callFlowN}, {@code callMonoN}, {@code callSingleN} or {@code callStatefulN}
   * (the templates call none: the synchronous one's name).
   */
  String method(Path path) {
    return (path == Path.STATEFUL ? "callStateful"
        : path == Path.SINGLE ? "callSingle" : path.reactive ? "callMono"
        : path.flow ? "callFlow"
        : path.suspend ? "callSuspend" : path.async && !path.template ? "callAsync" : "call")
        + slot;
  }

  /** What {@code label = "..."} says, when the policy has a label of its own. */
  String customLabel(String base, Path path) {
    return base + "-" + tag + "-" + slot + path.suffix();
  }

  /** What {@code @CircuitBreaker(name = "...")} says, when the breaker is named. */
  String breakerName(Path path) {
    return "breaker-" + tag + "-" + slot + path.suffix();
  }

  /** What {@code @RetryBudget(name = "...")} says, when the budget is named. */
  String budgetName(Path path) {
    return "budget-" + tag + "-" + slot + path.suffix();
  }
}
