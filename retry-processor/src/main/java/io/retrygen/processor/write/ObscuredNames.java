package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.JavaFile;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;

/**
 * Names that a variable obscures in the generated bodies (JLS 6.4.2). In an expression, {@code
 * Thread.currentThread()} names the class only while no parameter or field in scope is called
 * {@code Thread}; then JavaPoet writes {@code java.lang.Thread.currentThread()} (the writer tells
 * it to), which in turn a variable called {@code java} obscures. Where a variable takes the first
 * part of such a qualified name, the static members the bodies name in expressions are imported
 * statically instead: {@code currentThread()}, {@code NO_PERMIT}, {@code completedFuture(...)}, a
 * static predicate's {@code isTransient(...)}. Method names are never obscured, only shadowed by
 * methods of the same name, which the generated class, {@code AsyncCall} and {@code RetryHooks}
 * must then not have.
 */
public final class ObscuredNames {
  /**
   * The methods of the deferred drivers ({@code AsyncCall}, {@code SuspendCall}, {@code FlowCall},
   * the Reactor and RxJava 3 calls) and {@code RetryHooks}, whose subclasses (a deferred call's anonymous class, a method's hooks
   * class) hold generated bodies that call predicates.
   */
  private static final Set<String> ASYNC_CALL_METHODS =
      new HashSet<>(
          Arrays.asList(
              "call", "retryable", "retryIf", "rejects", "delayFor", "delayForResult",
              "breakerFailure", "recover", "start", "run", "flow", "mono", "flux", "single",
              "maybe", "completable", "observable", "flowable"));

  private ObscuredNames() {}

  /**
   * The names of the variables in scope somewhere in the generated class's bodies, sorted: the
   * parameters of its methods and the fields it inherits. JavaPoet writes classes of these names
   * qualified.
   */
  static Set<String> variables(RetryableType model) {
    Set<String> variables = new TreeSet<>(model.fieldNames());
    for (GuardedMethod method : model.methods()) {
      for (VariableElement parameter : method.method().getParameters()) {
        variables.add(parameter.getSimpleName().toString());
      }
    }
    return variables;
  }

  /**
   * Whether no name of {@code CircuitBreakerGate.NO_PERMIT} is sure to compile: variables named
   * {@code io} and {@code NO_PERMIT} (a field shadows the static import) are in scope. The
   * generated code then writes its value, which javac inlines into class files anyway.
   */
  static boolean noPermitUnnamable(Set<String> variables) {
    return variables.contains("io") && variables.contains("NO_PERMIT");
  }

  /**
   * Whether neither {@code Arrays.asList} nor {@code java.util.Arrays.asList} compiles: variables
   * named {@code Arrays} and {@code java} are in scope. A stateful key then calls {@code asList}
   * imported statically.
   */
  static boolean arraysUnnamable(Set<String> variables) {
    return variables.contains("java") && variables.contains("Arrays");
  }

  /**
   * Imports statically the members that {@code variables} (parameter names, inherited fields)
   * would obscure when written qualified.
   */
  static void addStaticImports(JavaFile.Builder file, RetryableType model, Set<String> variables) {
    boolean interruptsAgain = false;
    boolean completesRecovered = false;
    boolean countsPermits = false;
    boolean listsKeys = false;
    for (GuardedMethod method : model.methods()) {
      if (!method.isGuarded()) {
        continue;
      }
      listsKeys |= method.stateful() && method.stateKey() == null;
      for (RecoverMethod recover : method.calledRecovers()) {
        interruptsAgain |= !method.returnKind().isDeferred() && recover.takesInterruption();
        completesRecovered |= method.returnKind().isStage() && !recover.returnsStage();
      }
      countsPermits |= !method.returnKind().isDeferred() && method.breaker() != null;
      for (PredicateMethod predicate : method.calledPredicates()) {
        if (predicate.isStatic() && ownerObscured(method, predicate)) {
          String name = predicate.method().getSimpleName().toString();
          if (!model.methodNames().contains(name) && !ASYNC_CALL_METHODS.contains(name)) {
            file.addStaticImport(owner(predicate), name);
          }
        }
      }
    }
    if (variables.contains("java")) {
      if (interruptsAgain) {
        importStatically(file, model, ClassName.get(Thread.class), "currentThread");
      }
      if (completesRecovered) {
        importStatically(file, model, Names.COMPLETABLE_FUTURE, "completedFuture");
      }
      if (model.isInterface()) {
        importStatically(file, model, ClassName.get("java.util", "Objects"), "requireNonNull");
      }
      if (listsKeys && variables.contains("Collections")) {
        importStatically(file, model, StatefulBodyWriter.COLLECTIONS, "emptyList");
      }
      if (listsKeys && arraysUnnamable(variables)) {
        importStatically(file, model, StatefulBodyWriter.ARRAYS, "asList");
      }
    }
    if (variables.contains("io")) {
      for (String factory : Arrays.asList("defaultPolicy", "exponential", "fixed")) {
        importStatically(file, model, Names.BACKOFF_POLICY, factory);
      }
      importStatically(file, model, Names.RETRY_OPTIONS, "defaults");
      if (countsPermits && !noPermitUnnamable(variables)) {
        file.addStaticImport(Names.BREAKER_GATE, "NO_PERMIT");
      }
    }
  }

  /** Imports {@code owner.method} statically unless the generated class has a method so named. */
  private static void importStatically(
      JavaFile.Builder file, RetryableType model, ClassName owner, String method) {
    if (!model.methodNames().contains(method)) {
      file.addStaticImport(owner, method);
    }
  }

  /**
   * Whether a parameter of {@code method} has the name of the class a static {@code predicate}
   * is called on, and another the first part of its package (or it has none): neither {@code
   * Client.isTransient(e)} nor {@code com.acme.Client.isTransient(e)} would compile, and the
   * predicate is imported statically.
   */
  static boolean ownerObscured(GuardedMethod method, PredicateMethod predicate) {
    ClassName owner = owner(predicate);
    String simpleName = owner.topLevelClassName().simpleName();
    String root = owner.packageName().split("\\.", -1)[0];
    boolean named = false;
    boolean rootNamed = owner.packageName().isEmpty();
    for (VariableElement parameter : method.method().getParameters()) {
      named |= parameter.getSimpleName().contentEquals(simpleName);
      rootNamed |= parameter.getSimpleName().contentEquals(root);
    }
    return named && rootNamed;
  }

  private static ClassName owner(PredicateMethod predicate) {
    return ClassName.get((TypeElement) predicate.method().getEnclosingElement());
  }
}
