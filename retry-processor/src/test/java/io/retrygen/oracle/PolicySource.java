package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.List;

/**
 * Writes a policy as the Java source of an interface or class the processor will read: per pair,
 * the synchronous and asynchronous guarded methods, and in a type that has them (SPEC §14) their
 * {@code suspend} twin as kapt shows a Kotlin {@code suspend fun}: {@code Object
 * callSuspendN(String arg, Continuation<? super String> $completion)}; and in a type that has them
 * the {@code Flow} twin {@code Flow<String> callFlowN(String arg)} of each pair that may have one
 * ({@link Policy#hasFlow}), and in a type that has them the {@code Mono} twin {@code Mono<String>
 * callMonoN(String arg)} of each pair ({@link Policy#hasMono}), and the same with RxJava's {@code
 * Single} ({@link Policy#hasSingle}); and for a pair that has one ({@link Policy#stateful}) the
 * stateful twin {@code String callStatefulN(String arg)}, {@code stateful = true} and its {@code
 * stateKey}, whose methods ({@code keyOf}, {@code oneKey}) the type then declares.
 */
final class PolicySource {
  private PolicySource() {}

  /** The source of a type whose pairs of guarded methods have {@code policies}, in order. */
  static String render(List<Policy> policies, List<Names> names) {
    Policy.Members members = policies.get(0).members;
    String type = names.get(0).type;
    StringBuilder out = new StringBuilder();
    out.append("package ").append(Names.PACKAGE).append(";\n\n")
        .append("import io.retrygen.Backoff;\n")
        .append("import io.retrygen.CircuitBreaker;\n")
        .append("import io.retrygen.Recover;\n")
        .append("import io.retrygen.RetryBudget;\n")
        .append("import io.retrygen.Retryable;\n")
        .append("import io.retrygen.Timeout;\n")
        .append("import io.retrygen.oracle.Failures;\n")
        .append("import io.retrygen.oracle.Hooks;\n")
        .append("import io.retrygen.oracle.Listeners;\n")
        .append("import io.retrygen.runtime.CircuitBreakerOpenException;\n")
        .append("import java.util.concurrent.CancellationException;\n")
        .append("import java.util.concurrent.CompletableFuture;\n")
        .append("import java.util.concurrent.CompletionStage;\n")
        .append(members.suspend ? "import kotlin.coroutines.Continuation;\n" : "")
        .append(members.flow ? "import kotlinx.coroutines.flow.Flow;\n" : "")
        .append(members.mono ? "import reactor.core.publisher.Mono;\n" : "")
        .append(members.single ? "import io.reactivex.rxjava3.core.Single;\n" : "")
        .append('\n')
        .append(members.typeTimeout == null ? "" : "@Timeout(" + members.typeTimeout + ")\n")
        .append("public ").append(members.isClass ? "class " : "interface ").append(type)
        .append(" {\n");
    String future = members.stage ? "CompletionStage<String>" : "CompletableFuture<String>";
    StringBuilder impl = new StringBuilder();
    for (int i = 0; i < policies.size(); i++) {
      Names slot = names.get(i);
      String call = slot.method(Path.SYNC) + "(String arg)";
      String callAsync = slot.method(Path.ASYNC) + "(String arg)";
      guarded(out, policies.get(i), slot, Path.SYNC, "String", call + " throws Exception",
          "attempt(arg)");
      guarded(out, policies.get(i), slot, Path.ASYNC, future, callAsync, "attemptAsync(arg)");
      impl.append("    @Override\n    public String ").append(call).append(" {\n")
          .append("      return Hooks.attempt(arg);\n    }\n\n")
          .append("    @Override\n    public ").append(future).append(' ').append(callAsync)
          .append(" {\n      return Hooks.attemptAsync(arg);\n    }\n\n");
      if (members.suspend) {
        String callSuspend = slot.method(Path.SUSPEND)
            + "(String arg, Continuation<? super String> $completion)";
        guarded(out, policies.get(i), slot, Path.SUSPEND, "Object", callSuspend,
            "attemptSuspend(arg, $completion)");
        impl.append("    @Override\n    public Object ").append(callSuspend).append(" {\n")
            .append("      return Hooks.attemptSuspend(arg, $completion);\n    }\n\n");
      }
      if (policies.get(i).hasFlow()) {
        String callFlow = slot.method(Path.FLOW) + "(String arg)";
        guarded(out, policies.get(i), slot, Path.FLOW, "Flow<String>", callFlow,
            "attemptFlow(arg)");
        impl.append("    @Override\n    public Flow<String> ").append(callFlow).append(" {\n")
            .append("      return Hooks.attemptFlow(arg);\n    }\n\n");
      }
      if (policies.get(i).hasMono()) {
        String callMono = slot.method(Path.MONO) + "(String arg)";
        guarded(out, policies.get(i), slot, Path.MONO, "Mono<String>", callMono,
            "attemptMono(arg)");
        impl.append("    @Override\n    public Mono<String> ").append(callMono).append(" {\n")
            .append("      return Hooks.attemptMono(arg);\n    }\n\n");
      }
      if (policies.get(i).stateful != null) {
        String callStateful = slot.method(Path.STATEFUL) + "(String arg)";
        guarded(out, policies.get(i), slot, Path.STATEFUL, "String",
            callStateful + " throws Exception", "attempt(arg)");
        impl.append("    @Override\n    public String ").append(callStateful)
            .append(" throws Exception {\n      return Hooks.attempt(arg);\n    }\n\n");
      }
      if (policies.get(i).hasSingle()) {
        String callSingle = slot.method(Path.SINGLE) + "(String arg)";
        guarded(out, policies.get(i), slot, Path.SINGLE, "Single<String>", callSingle,
            "attemptSingle(arg)");
        impl.append("    @Override\n    public Single<String> ").append(callSingle)
            .append(" {\n      return Hooks.attemptSingle(arg);\n    }\n\n");
      }
    }
    predicates(out, members);
    stateKeys(out, policies);
    for (Policy.RecoverMethod recover : members.recovers) {
      String returned = recover.returnsFuture ? "CompletableFuture<String>"
          : recover.suspends ? "Object" : recover.flows ? "Flow<String>"
          : recover.publisher == Path.MONO ? "Mono<String>"
          : recover.publisher == Path.SINGLE ? "Single<String>" : "String";
      String parameters = recover.failure == null ? "" : recover.failure.source + " failure";
      if (recover.takesArg) {
        parameters += (parameters.isEmpty() ? "" : ", ") + "String arg";
      }
      if (recover.suspends) {
        parameters += (parameters.isEmpty() ? "" : ", ")
            + "Continuation<? super String> continuation";
      }
      out.append("  @Recover\n");
      member(out, members, false, returned, recover.name + "(" + parameters + ")",
          "Hooks." + (recover.returnsFuture ? "recoverAsync"
              : recover.suspends ? "recoverSuspend" : recover.flows ? "recoverFlow"
              : recover.publisher == Path.MONO ? "recoverMono"
              : recover.publisher == Path.SINGLE ? "recoverSingle" : "recover")
              + "(\"" + recover.name
              + "\", " + (recover.failure == null ? "null" : "failure") + ", "
              + (recover.takesArg ? "arg" : "null")
              + (recover.suspends ? ", continuation" : "") + ")");
    }
    if (!members.isClass) {
      out.append("  final class Impl implements ").append(type).append(" {\n")
          .append(impl.toString().replaceAll("\n\n$", "\n")).append("  }\n");
    }
    return out.append("}\n").toString();
  }

  private static void guarded(
      StringBuilder out, Policy policy, Names names, Path path, String type, String signature,
      String hook) {
    out.append(annotations(policy, names, path));
    if (policy.members.isClass) {
      out.append("  public ").append(type).append(' ').append(signature).append(" {\n")
          .append("    return Hooks.").append(hook).append(";\n  }\n\n");
    } else {
      out.append("  ").append(type).append(' ').append(signature).append(";\n\n");
    }
  }

  /** The annotations of one guarded method, one per line, indented. */
  static String annotations(Policy policy, Names names, Path path) {
    StringBuilder out = new StringBuilder();
    Policy.Retry retry = policy.retry;
    if (retry != null) {
      List<String> values = new ArrayList<>();
      classes(values, "retryFor", retry.retryFor);
      classes(values, "noRetryFor", retry.noRetryFor);
      classes(values, "notRecoverable", retry.notRecoverable);
      if (retry.maxAttempts != 3) {
        values.add("maxAttempts = " + retry.maxAttempts);
      }
      if (retry.maxDuration != 0) {
        values.add("maxDuration = " + retry.maxDuration);
      }
      if (retry.backoff != null && !retry.backoff.direct) {
        values.add("backoff = " + backoff(retry.backoff));
      }
      if (retry.retryIf != null) {
        values.add("retryIf = \"retryIf\"");
      }
      if (retry.retryOnResult != null) {
        values.add("retryOnResult = \"rejects\"");
      }
      if (retry.recoverName != null) {
        values.add("recover = \"" + retry.recoverName + "\"");
      }
      if (retry.label != null) {
        values.add("label = \"" + names.customLabel(retry.label, path) + "\"");
      }
      if (!retry.listeners.isEmpty()) {
        List<String> listeners = new ArrayList<>();
        for (String tag : retry.listeners) {
          listeners.add("Listeners." + Listeners.className(tag) + ".class");
        }
        values.add("listeners = " + list(listeners));
      }
      if (retry.matchCauses) {
        values.add("matchCauses = true");
      }
      if (path == Path.STATEFUL) {
        values.add("stateful = true");
        if (policy.stateful == Policy.StateKey.KEY_OF) {
          values.add("stateKey = \"keyOf\"");
        } else if (policy.stateful == Policy.StateKey.ONE_KEY) {
          values.add("stateKey = \"oneKey\"");
        }
      }
      out.append("  @Retryable").append(arguments(values)).append('\n');
      if (retry.backoff != null && retry.backoff.direct) {
        out.append("  ").append(backoff(retry.backoff)).append('\n');
      }
    }
    Policy.Breaker breaker = policy.breaker;
    if (breaker != null) {
      List<String> values = new ArrayList<>();
      classes(values, "failOn", breaker.failOn);
      classes(values, "skipOn", breaker.skipOn);
      values.add("requestVolumeThreshold = " + breaker.requestVolumeThreshold);
      values.add("failureRatio = " + breaker.failureRatio);
      values.add("delay = " + breaker.delay);
      values.add("successThreshold = " + breaker.successThreshold);
      if (breaker.named) {
        values.add("name = \"" + names.breakerName(path) + "\"");
      }
      out.append("  @CircuitBreaker").append(arguments(values)).append('\n');
    }
    Policy.Budget budget = policy.budget;
    if (budget != null) {
      List<String> values = new ArrayList<>();
      if (budget.named) {
        values.add("name = \"" + names.budgetName(path) + "\"");
      }
      values.add("maxTokens = " + budget.maxTokens);
      values.add("tokenRatio = " + budget.ratioSource());
      out.append("  @RetryBudget").append(arguments(values)).append('\n');
    }
    if ((path == Path.SYNC || path == Path.STATEFUL) && policy.members.typeTimeout != null) {
      out.append("  @Timeout(").append(Policy.UNREACHED_TIMEOUT).append(")\n");
    } else if (Policy.writesTimeout(path) && policy.timeout != null) {
      out.append("  @Timeout(").append(policy.timeout).append(")\n");
    }
    return out.toString();
  }

  private static String backoff(Policy.Backoff backoff) {
    List<String> values = new ArrayList<>();
    values.add("delay = " + backoff.delay);
    if (backoff.maxDelay != 0) {
      values.add("maxDelay = " + backoff.maxDelay);
    }
    if (backoff.multiplier != 0) {
      values.add("multiplier = " + backoff.multiplier);
    }
    if (backoff.random) {
      values.add("random = true");
    }
    if (backoff.jitter != 0) {
      values.add("jitter = " + backoff.jitter);
    }
    if (backoff.hasDelayFor()) {
      values.add("delayFor = \"delayFor\"");
    }
    return "@Backoff" + arguments(values);
  }

  private static void predicates(StringBuilder out, Policy.Members members) {
    boolean statics = members.staticPredicates;
    if (members.retryIf != null) {
      member(out, members, statics, "boolean", "retryIf(" + members.retryIf.source + " failure)",
          "Hooks.retryIf(failure)");
    }
    if (members.rejects != null) {
      member(out, members, statics, "boolean", "rejects(" + members.rejects + " result)",
          "Hooks.rejects(result)");
    }
    String type = members.delayForInt ? "int" : "long";
    String cast = members.delayForInt ? "(int) " : "";
    for (Fault failure : members.delayForFailures) {
      member(out, members, statics, type, "delayFor(" + failure.source + " failure)",
          cast + "Hooks.delayFor(failure, \"" + failure.simpleName() + "\")");
    }
    if (members.delayForResult) {
      member(out, members, statics, type, "delayFor(" + members.rejects + " result)",
          cast + "Hooks.delayForResult(result)");
    }
  }

  /**
   * The {@code stateKey} methods the stateful twins name: static under a type-level {@code
   * @Timeout} (which would reach an instance one), else as the predicates are.
   */
  private static void stateKeys(StringBuilder out, List<Policy> policies) {
    Policy.Members members = policies.get(0).members;
    boolean statics = members.staticPredicates || members.typeTimeout != null;
    boolean keyOf = false;
    boolean oneKey = false;
    for (Policy policy : policies) {
      keyOf |= policy.stateful == Policy.StateKey.KEY_OF;
      oneKey |= policy.stateful == Policy.StateKey.ONE_KEY;
    }
    if (keyOf) {
      member(out, members, statics, "Object", "keyOf(String arg)", "Hooks.stateKey(arg)");
    }
    if (oneKey) {
      member(out, members, statics, "Object", "oneKey()", "Hooks.stateKey(null)");
    }
  }

  private static void member(
      StringBuilder out, Policy.Members members, boolean isStatic, String type, String signature,
      String returned) {
    String modifiers = isStatic ? "static " : members.isClass ? "protected " : "default ";
    out.append("  ").append(modifiers).append(type).append(' ').append(signature).append(" {\n")
        .append("    return ").append(returned).append(";\n  }\n\n");
  }

  private static void classes(List<String> values, String attribute, List<Fault> types) {
    if (types.isEmpty()) {
      return;
    }
    List<String> classes = new ArrayList<>();
    for (Fault type : types) {
      classes.add(type.source + ".class");
    }
    values.add(attribute + " = " + list(classes));
  }

  private static String list(List<String> items) {
    return items.size() == 1 ? items.get(0) : "{" + String.join(", ", items) + "}";
  }

  private static String arguments(List<String> values) {
    return values.isEmpty() ? "" : "(" + String.join(", ", values) + ")";
  }
}
