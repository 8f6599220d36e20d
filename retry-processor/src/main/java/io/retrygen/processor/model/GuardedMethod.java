package io.retrygen.processor.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;

/**
 * A method the generated class implements or overrides: a plan of guards (an optional retry, an
 * optional breaker, an optional timeout, its return kind, recover methods and predicates), or (in
 * a delegate only) forwarded unchanged.
 */
public final class GuardedMethod {
  private final ExecutableElement method;
  private final ExecutableType type;
  private final ReturnKind returnKind;
  private final TypeMirror valueType;
  private final RetryConfig retry;
  private final BreakerConfig breaker;
  private final BudgetConfig budget;
  private final TimeoutConfig timeout;
  private final String budgetName;
  private final String label;
  private final boolean deprecated;
  private final CopiedAnnotations annotations;
  private final List<RecoverMethod> recovers;
  private final PredicateMethod retryIf;
  private final PredicateMethod retryOnResult;
  private final DelayForMethods delayFor;
  private final PredicateMethod stateKey;
  private final DeprecatedUses deprecatedUses;

  private GuardedMethod(
      ExecutableElement method,
      ExecutableType type,
      ReturnKind returnKind,
      TypeMirror valueType,
      RetryConfig retry,
      BreakerConfig breaker,
      BudgetConfig budget,
      TimeoutConfig timeout,
      String budgetName,
      String label,
      boolean deprecated,
      CopiedAnnotations annotations,
      List<RecoverMethod> recovers,
      PredicateMethod retryIf,
      PredicateMethod retryOnResult,
      DelayForMethods delayFor,
      PredicateMethod stateKey,
      DeprecatedUses deprecatedUses) {
    this.method = method;
    this.type = type;
    this.returnKind = returnKind;
    this.valueType = valueType;
    this.retry = retry;
    this.breaker = breaker;
    this.budget = budget;
    this.timeout = timeout;
    this.budgetName = budgetName;
    this.label = label;
    this.deprecated = deprecated;
    this.annotations = annotations;
    this.recovers = Collections.unmodifiableList(new ArrayList<>(recovers));
    this.retryIf = retryIf;
    this.retryOnResult = retryOnResult;
    this.delayFor = delayFor;
    this.stateKey = stateKey;
    this.deprecatedUses = deprecatedUses;
  }

  public static GuardedMethod guarded(
      ExecutableElement method,
      ExecutableType type,
      ReturnKind returnKind,
      TypeMirror valueType,
      RetryConfig retry,
      BreakerConfig breaker,
      BudgetConfig budget,
      TimeoutConfig timeout,
      String budgetName,
      String label,
      boolean deprecated,
      CopiedAnnotations annotations,
      List<RecoverMethod> recovers,
      PredicateMethod retryIf,
      PredicateMethod retryOnResult,
      DelayForMethods delayFor,
      PredicateMethod stateKey,
      DeprecatedUses deprecatedUses) {
    return new GuardedMethod(
        method, type, returnKind, valueType, retry, breaker, budget, timeout, budgetName, label,
        deprecated,
        annotations, recovers, retryIf, retryOnResult, delayFor, stateKey, deprecatedUses);
  }

  public static GuardedMethod forwarded(
      ExecutableElement method,
      ExecutableType type,
      boolean deprecated,
      CopiedAnnotations annotations,
      DeprecatedUses deprecatedUses) {
    return new GuardedMethod(
        method, type, null, null, null, null, null, null, null, null, deprecated, annotations,
        Collections.<RecoverMethod>emptyList(), null, null, null, null, deprecatedUses);
  }

  /** The most specific declaration, as seen from the input type. */
  public ExecutableElement method() {
    return method;
  }

  /** The method's type as a member of the input type: type variables resolved. */
  public ExecutableType type() {
    return type;
  }

  /** What the method returns, which picks its body writer; null for a forwarded method. */
  public ReturnKind returnKind() {
    return returnKind;
  }

  /**
   * What a call completes with: the return type, or for a deferred kind the value of its future
   * ({@link ReturnKind#valueType}); null for a forwarded method.
   */
  public TypeMirror valueType() {
    return valueType;
  }

  /** Whether the generated class guards it: a retry, a breaker, a timeout, or any of them. */
  public boolean isGuarded() {
    return retry != null || breaker != null || timeout != null;
  }

  /**
   * The winning {@code @Retryable}; null when none applies (a breaker-only or forwarded method).
   */
  public RetryConfig retry() {
    return retry;
  }

  /** The winning {@code @CircuitBreaker}; null when none applies. */
  public BreakerConfig breaker() {
    return breaker;
  }

  /** The winning {@code @Timeout}; null when none applies. */
  public TimeoutConfig timeout() {
    return timeout;
  }

  /**
   * The winning {@code @RetryBudget}; null when none applies, and always when no {@code
   * @Retryable} does (a budget caps retries only).
   */
  public BudgetConfig budget() {
    return budget;
  }

  /**
   * The guards' winning annotations in the order retry, circuit breaker, timeout, budget, those
   * that apply only.
   */
  public List<AnnotationConfig> configs() {
    List<AnnotationConfig> configs = new ArrayList<>();
    for (AnnotationConfig config : new AnnotationConfig[] {retry, breaker, timeout, budget}) {
      if (config != null) {
        configs.add(config);
      }
    }
    return configs;
  }

  /**
   * The meta-annotations ({@code DbRetry}) that supplied the guards of {@link #configs()}, each
   * once, in that order; empty when every guard is written directly.
   */
  public List<TypeElement> metaAnnotations() {
    List<TypeElement> metas = new ArrayList<>();
    for (AnnotationConfig config : configs()) {
      TypeElement meta = config.metaAnnotation();
      if (meta != null && !metas.contains(meta)) {
        metas.add(meta);
      }
    }
    return metas;
  }

  /**
   * The budget's resolved name: as written, else the annotated type's name relative to
   * its package, else (on a method) the label; null without a budget.
   */
  public String budgetName() {
    return budgetName;
  }

  /** The label of events and statistics; null for a forwarded method. */
  public String label() {
    return label;
  }

  /** Whether the method it overrides is deprecated, so the override must say so too. */
  public boolean deprecated() {
    return deprecated;
  }

  /** The {@code RUNTIME} annotations of the method and its parameters that the override copies. */
  public CopiedAnnotations annotations() {
    return annotations;
  }

  /**
   * The recover methods in the order the generated code tests them: most specific failure type
   * first, the one without a failure parameter last. Empty: the last failure is rethrown.
   */
  public List<RecoverMethod> recovers() {
    return recovers;
  }

  /**
   * What the generated method names that is deprecated: in its signature, the methods it overrides
   * and calls (recover methods, predicates), the types its body tests for and casts to. javac
   * warns about each use, as the generated class is another top-level class (JLS 9.6.4.6).
   */
  public DeprecatedUses deprecatedUses() {
    return deprecatedUses;
  }

  /** Whether it calls a recover method or predicate through an unchecked conversion. */
  public boolean callsUnchecked() {
    boolean unchecked = false;
    for (PredicateMethod called : calledPredicates()) {
      unchecked |= called.unchecked();
    }
    for (RecoverMethod recover : calledRecovers()) {
      unchecked |= recover.unchecked();
    }
    return unchecked;
  }

  /**
   * The {@code retryIf}, {@code retryOnResult}, {@code delayFor} and {@code stateKey} methods it
   * calls.
   */
  public List<PredicateMethod> calledPredicates() {
    return calledPredicates(retryIf, retryOnResult, delayFor, stateKey);
  }

  /**
   * The methods of {@code retryIf}, {@code retryOnResult}, {@code delayFor} and {@code stateKey}
   * (each nullable).
   */
  public static List<PredicateMethod> calledPredicates(
      PredicateMethod retryIf,
      PredicateMethod retryOnResult,
      DelayForMethods delayFor,
      PredicateMethod stateKey) {
    List<PredicateMethod> called = new ArrayList<>();
    if (stateKey != null) {
      called.add(stateKey);
    }
    if (retryIf != null) {
      called.add(retryIf);
    }
    if (retryOnResult != null) {
      called.add(retryOnResult);
    }
    if (delayFor != null) {
      called.addAll(delayFor.all());
    }
    return called;
  }

  /**
   * The recover methods the generated chain calls, in that order: those up to the first that takes
   * every failure.
   */
  public List<RecoverMethod> calledRecovers() {
    return calledRecovers(recovers);
  }

  /** Of {@code recovers}, most specific first, those up to the first that takes every failure. */
  public static List<RecoverMethod> calledRecovers(List<RecoverMethod> recovers) {
    for (int i = 0; i < recovers.size(); i++) {
      if (recovers.get(i).catchesAll()) {
        return recovers.subList(0, i + 1);
      }
    }
    return recovers;
  }

  /**
   * Whether the give-up path must rethrow a {@code CancellationException} before the recover
   * chain: cancellation is never recovered unless {@code retryFor} names it itself, and one of the
   * recover methods called could take it.
   */
  public boolean rethrowsCancellation() {
    if (retry != null && retry.namesCancellation()) {
      return false;
    }
    for (RecoverMethod recover : calledRecovers()) {
      if (recover.takesCancellation()) {
        return true;
      }
    }
    return false;
  }

  /** The {@code retryIf} method; null when none is named. */
  public PredicateMethod retryIf() {
    return retryIf;
  }

  /** The {@code retryOnResult} method; null when none is named. */
  public PredicateMethod retryOnResult() {
    return retryOnResult;
  }

  /** The {@code @Backoff(delayFor)} overloads it uses; null when none is named. */
  public DelayForMethods delayFor() {
    return delayFor;
  }

  /**
   * Whether its {@code @Retryable} is stateful: one attempt per call, counted against the call's
   * key across calls (SPEC §19).
   */
  public boolean stateful() {
    return retry != null && retry.stateful();
  }

  /**
   * The {@code stateKey} method, which computes a stateful call's key from {@link
   * PredicateMethod#argumentCount()} leading arguments; null when none is named (the key is then
   * the arguments themselves).
   */
  public PredicateMethod stateKey() {
    return stateKey;
  }
}
