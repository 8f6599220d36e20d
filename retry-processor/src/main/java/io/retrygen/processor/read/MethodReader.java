package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.CopiedAnnotations;
import io.retrygen.processor.model.DelayForMethods;
import io.retrygen.processor.model.DeprecatedUses;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.ReturnKind;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.TimeoutConfig;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;

/**
 * Reads one method of an input into its plan ({@link GuardedMethod}): for each annotation kind the
 * declaration that wins (the method's own, else the nearest overridden method's, else the input's
 * type-level one, else the nearest supertype's), its label, return shape, recover methods and
 * predicates; or, in a delegate, a plain forward.
 */
public final class MethodReader {
  private final Elements elements;
  private final ConfigCache configs;
  private final RecoverResolver recoverResolver;
  private final PredicateResolver predicateResolver;
  private final DelayForResolver delayForResolver;
  private final StateKeyResolver stateKeyResolver;
  private final Deprecations deprecations;

  MethodReader(
      Elements elements,
      ConfigCache configs,
      RecoverResolver recoverResolver,
      PredicateResolver predicateResolver,
      DelayForResolver delayForResolver,
      StateKeyResolver stateKeyResolver,
      Deprecations deprecations) {
    this.elements = elements;
    this.configs = configs;
    this.recoverResolver = recoverResolver;
    this.predicateResolver = predicateResolver;
    this.delayForResolver = delayForResolver;
    this.stateKeyResolver = stateKeyResolver;
    this.deprecations = deprecations;
  }

  /** What one input's methods share while they are read. */
  static final class Input {
    final TypeElement type;
    final List<TypeElement> supertypes;
    /** The input's {@code @Recover} methods that the generated class can call. */
    final List<MethodEntry> recovers;
    final Set<ExecutableElement> reportedTies;
    final Set<ExecutableElement> reportedMisfits;

    Input(
        TypeElement type,
        List<TypeElement> supertypes,
        List<MethodEntry> recovers,
        Set<ExecutableElement> reportedTies,
        Set<ExecutableElement> reportedMisfits) {
      this.type = type;
      this.supertypes = supertypes;
      this.recovers = recovers;
      this.reportedTies = reportedTies;
      this.reportedMisfits = reportedMisfits;
    }
  }

  /**
   * The plan of {@code entry}: guarded when an annotation applies to it and the generated class
   * can override it, forwarded when it is a delegate's abstract or default method; else null.
   */
  GuardedMethod read(Input input, MethodEntry entry) {
    ExecutableElement method = entry.method;
    boolean helper = entry.isRecover() || entry.objectMethod;
    RetryConfig retry =
        helper ? null : configOf(input, entry, AnnotationNames.RETRYABLE, configs::retry);
    BreakerConfig breaker =
        helper ? null : configOf(input, entry, AnnotationNames.CIRCUIT_BREAKER, configs::breaker);
    TimeoutConfig timeout =
        helper ? null : configOf(input, entry, AnnotationNames.TIMEOUT, configs::timeout);
    if (retry != null && isOwnPredicate(method, retry)) {
      // A type-level retryOnResult = "isEmpty" must not guard isEmpty itself (nor check its
      // boolean result with isEmpty): like @Recover methods, predicates and delayFor methods
      // are plain helpers.
      retry = null;
      breaker = null;
      timeout = null;
    }
    CopiedAnnotations annotations =
        CopiedAnnotations.of(method, GeneratedNames.packageOf(input.type));
    if ((retry != null || breaker != null || timeout != null)
        && Visibility.overridable(input.type, method)) {
      return guarded(input, entry, retry, breaker, timeout, annotations);
    }
    boolean isAbstract = method.getModifiers().contains(Modifier.ABSTRACT);
    if (input.type.getKind().isInterface() && (isAbstract || method.isDefault())) {
      return GuardedMethod.forwarded(
          method,
          entry.type,
          isDeprecated(entry),
          annotations,
          deprecations.ofSignature(entry.type).and(deprecations.ofOverride(entry)));
    }
    return null;
  }

  private GuardedMethod guarded(
      Input input,
      MethodEntry entry,
      RetryConfig retry,
      BreakerConfig breaker,
      TimeoutConfig timeout,
      CopiedAnnotations annotations) {
    ExecutableElement method = entry.method;
    BudgetConfig budget =
        retry == null
            ? null
            : configOf(input, entry, AnnotationNames.RETRY_BUDGET, configs::budget);
    String label = label(input.type, method, retry);
    List<RecoverMethod> recoverMethods =
        recoverResolver.resolve(
            input.type, input.recovers, method, entry.type, retry, input.reportedTies,
            input.reportedMisfits);
    PredicateMethod retryIf = null;
    PredicateMethod retryOnResult = null;
    DelayForMethods delayFor = null;
    PredicateMethod stateKey = null;
    if (retry != null) {
      retryIf =
          predicateResolver.resolve(
              input.type, input.supertypes, method, entry.type, retry, PredicateResolver.RETRY_IF);
      retryOnResult =
          predicateResolver.resolve(
              input.type, input.supertypes, method, entry.type, retry,
              PredicateResolver.RETRY_ON_RESULT);
      delayFor =
          delayForResolver.resolve(input.type, input.supertypes, method, entry.type, retry);
      stateKey =
          stateKeyResolver.resolve(input.type, input.supertypes, method, entry.type, retry);
    }
    DeprecatedUses uses =
        deprecations
            .ofSignature(entry.type)
            .and(deprecations.ofOverride(entry))
            .and(
                deprecations.ofGuards(
                    retry,
                    breaker,
                    GuardedMethod.calledRecovers(recoverMethods),
                    GuardedMethod.calledPredicates(
                        retryIf, retryOnResult, delayFor, stateKey)));
    return GuardedMethod.guarded(
        method,
        entry.type,
        ReturnKind.of(entry.type),
        ReturnKind.valueTypeOf(elements, entry.type),
        retry,
        breaker,
        budget,
        timeout,
        budget == null ? null : budgetName(budget, label),
        label,
        isDeprecated(entry),
        annotations,
        recoverMethods,
        retryIf,
        retryOnResult,
        delayFor,
        stateKey,
        uses);
  }

  /** How a config of some kind is read off the element that carries it. */
  private interface ConfigOf<C> {
    C of(Element element);
  }

  /**
   * The config of {@code annotation} that applies to {@code entry}, the kinds each on their own:
   * the method's own, else that of the nearest method it overrides, else the input's type-level
   * one, else the nearest supertype's; null if none.
   */
  private static <C> C configOf(
      Input input, MethodEntry entry, String annotation, ConfigOf<C> config) {
    Element nearest = nearest(input.type, input.supertypes, entry, annotation);
    return nearest == null ? null : config.of(nearest);
  }

  /**
   * A meta-annotation counts where it is placed, as the annotation it carries would if written
   * there: {@code @DbRetry} on the type loses to the method's own {@code @Retryable}.
   */
  private static Element nearest(
      TypeElement type, List<TypeElement> supertypes, MethodEntry entry, String annotation) {
    if (MetaAnnotations.find(entry.method, annotation) != null) {
      return entry.method;
    }
    for (ExecutableElement overridden : entry.overridden) {
      if (MetaAnnotations.find(overridden, annotation) != null) {
        return overridden;
      }
    }
    if (MetaAnnotations.find(type, annotation) != null) {
      return type;
    }
    for (TypeElement supertype : supertypes) {
      if (MetaAnnotations.find(supertype, annotation) != null) {
        return supertype;
      }
    }
    return null;
  }

  /**
   * Whether {@code method} is a predicate, {@code delayFor} or {@code stateKey} method its own
   * {@code @Retryable} names: one of that name that could serve, a boolean (for {@code delayFor}:
   * long or int) method of one parameter, or (for a stateful {@code stateKey}) one that returns a
   * value. An overload of another shape, which only shares the name, is guarded as written.
   */
  private boolean isOwnPredicate(ExecutableElement method, RetryConfig retry) {
    String name = method.getSimpleName().toString();
    TypeMirror returnType = method.getReturnType();
    boolean predicate =
        (name.equals(retry.retryIf()) || name.equals(retry.retryOnResult()))
            && predicateResolver.isBoolean(returnType);
    boolean delayFor =
        name.equals(retry.backoff().delayFor()) && DelayForResolver.isLongOrInt(returnType);
    // A stateKey method takes any prefix of the arguments; one that returns nothing is no key.
    boolean stateKey =
        retry.stateful()
            && name.equals(retry.stateKey())
            && returnType.getKind() != TypeKind.VOID;
    return ((predicate || delayFor) && method.getParameters().size() == 1) || stateKey;
  }

  private boolean isDeprecated(MethodEntry entry) {
    if (elements.isDeprecated(entry.method)) {
      return true;
    }
    for (ExecutableElement overridden : entry.overridden) {
      if (elements.isDeprecated(overridden)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The name of {@code budget}: as written, else on a type its name relative to its package, else
   * (on a method) the guarded method's {@code label}.
   */
  private static String budgetName(BudgetConfig budget, String label) {
    if (!budget.name().isEmpty()) {
      return budget.name();
    }
    Element element = budget.annotatedElement();
    return element instanceof TypeElement
        ? GeneratedNames.relativeName((TypeElement) element)
        : label;
  }

  /**
   * The {@code @Retryable} label if set, else {@code Type.method}; an unnamed breaker's name too.
   */
  private static String label(TypeElement type, ExecutableElement method, RetryConfig retry) {
    if (retry != null && !retry.label().isEmpty()) {
      return retry.label();
    }
    return GeneratedNames.relativeName(type) + "." + method.getSimpleName();
  }
}
