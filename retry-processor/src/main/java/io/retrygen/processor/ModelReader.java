package io.retrygen.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an input type into a {@link RetryableType}: which methods the generated class implements
 * or overrides, and for each its plan: the annotation of each kind that wins (nearest first, as
 * {@link TypeHierarchy} orders them), its result shape, recover methods and predicates.
 */
final class ModelReader {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final ConfigCache configs;
  private final TypeHierarchy hierarchy;
  private final RecoverResolver recoverResolver;
  private final PredicateResolver predicateResolver;
  private final DelayForResolver delayForResolver;
  private final PackageScope packageScope;
  private final Deprecations deprecations;

  ModelReader(Elements elements, Types types, Report report, ConfigCache configs) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.configs = configs;
    this.hierarchy = new TypeHierarchy(elements, types);
    this.packageScope = new PackageScope(elements);
    this.deprecations = new Deprecations(elements);
    this.recoverResolver = new RecoverResolver(elements, types, report);
    NamedMethods named =
        new NamedMethods(elements, types, report, recoverResolver.fits());
    this.predicateResolver = new PredicateResolver(elements, types, report, named);
    this.delayForResolver = new DelayForResolver(elements, types, report, named);
  }

  /** One method of the input's interface, and the declarations it overrides, nearest first. */
  static final class MethodEntry {
    final ExecutableElement method;
    final ExecutableType type;
    final List<ExecutableElement> overridden = new ArrayList<>();
    /**
     * An interface's redeclaration of {@code Object.clone()} or {@code finalize()}: never guarded,
     * but a delegate must forward it, as {@code Object}'s protected method does not implement it.
     */
    final boolean objectMethod;

    MethodEntry(ExecutableElement method, ExecutableType type, boolean objectMethod) {
      this.method = method;
      this.type = type;
      this.objectMethod = objectMethod;
    }

    /** Whether it, or a declaration it overrides, is a {@code @Recover} method: never guarded. */
    boolean isRecover() {
      if (Mirrors.find(method, AnnotationNames.RECOVER) != null) {
        return true;
      }
      for (ExecutableElement each : overridden) {
        if (Mirrors.find(each, AnnotationNames.RECOVER) != null) {
          return true;
        }
      }
      return false;
    }
  }

  /** How the reader walks an input's supertypes and methods, for checks that walk them too. */
  TypeHierarchy hierarchy() {
    return hierarchy;
  }

  RecoverResolver recoverResolver() {
    return recoverResolver;
  }

  RetryableType read(TypeElement type) {
    deprecations.startInput(GeneratedNames.packageOf(type));
    List<TypeElement> supertypes = hierarchy.supertypes(type);
    List<MethodEntry> entries = hierarchy.methods(type, supertypes);
    boolean isInterface = type.getKind().isInterface();
    List<MethodEntry> recovers = new ArrayList<>();
    for (MethodEntry entry : entries) {
      // A package-private method of a superclass in another package is no member of the input:
      // the generated class could not call it.
      if (entry.isRecover() && Visibility.isVisible(type, entry.method)) {
        recovers.add(entry);
      }
    }
    Set<ExecutableElement> reportedTies = new HashSet<>();
    Set<ExecutableElement> reportedMisfits = new HashSet<>();
    List<GuardedMethod> methods = new ArrayList<>();
    for (MethodEntry entry : entries) {
      ExecutableElement method = entry.method;
      boolean isAbstract = method.getModifiers().contains(Modifier.ABSTRACT);
      if (!isInterface && isAbstract) {
        if (Mirrors.find(method, AnnotationNames.RECOVER) != null
            && method.getEnclosingElement().equals(type)) {
          continue; // Validator.checkRecover reported it: "@Recover method ... has no body"
        }
        report.error(
            type,
            "%s has the abstract method %s left, so a generated subclass would have nothing to"
                + " call. Implement it, or put the annotations on an interface to get a delegate",
            type.getSimpleName(),
            Messages.signature(method));
        continue;
      }
      boolean deprecated = isDeprecated(entry);
      CopiedAnnotations annotations =
          CopiedAnnotations.of(method, GeneratedNames.packageOf(type));
      boolean helper = entry.isRecover() || entry.objectMethod;
      Element retryable = helper ? null : nearest(type, supertypes, entry, AnnotationNames.RETRYABLE);
      Element breakerElement =
          helper ? null : nearest(type, supertypes, entry, AnnotationNames.CIRCUIT_BREAKER);
      RetryConfig retry = retryable == null ? null : configs.retry(retryable);
      BreakerConfig breaker = breakerElement == null ? null : configs.breaker(breakerElement);
      Element budgetElement =
          retry == null ? null : nearest(type, supertypes, entry, AnnotationNames.RETRY_BUDGET);
      BudgetConfig budget = budgetElement == null ? null : configs.budget(budgetElement);
      if (retry != null && isOwnPredicate(method, retry)) {
        // A type-level retryOnResult = "isEmpty" must not guard isEmpty itself (nor check its
        // boolean result with isEmpty): like @Recover methods, predicates and delayFor methods
        // are plain helpers.
        retry = null;
        breaker = null;
        budget = null;
      }
      if ((retry != null || breaker != null) && Visibility.overridable(type, method)) {
        String label = label(type, method, retry);
        List<RecoverMethod> recoverMethods =
            recoverResolver.resolve(
                type, recovers, method, entry.type, retry, reportedTies, reportedMisfits);
        PredicateMethod retryIf = null;
        PredicateMethod retryOnResult = null;
        DelayForMethods delayFor = null;
        if (retry != null) {
          retryIf =
              predicateResolver.resolve(
                  type, supertypes, method, entry.type, retry, PredicateResolver.RETRY_IF);
          retryOnResult =
              predicateResolver.resolve(
                  type, supertypes, method, entry.type, retry, PredicateResolver.RETRY_ON_RESULT);
          delayFor = delayForResolver.resolve(type, supertypes, method, entry.type, retry);
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
                        GuardedMethod.calledPredicates(retryIf, retryOnResult, delayFor)));
        methods.add(
            GuardedMethod.guarded(
                method,
                entry.type,
                shape(entry.type),
                FutureTypes.valueType(elements, entry.type.getReturnType()),
                retry,
                breaker,
                budget,
                budget == null ? null : budgetName(budget, label),
                label,
                deprecated,
                annotations,
                recoverMethods,
                retryIf,
                retryOnResult,
                delayFor,
                uses));
      } else if (isInterface && (isAbstract || method.isDefault())) {
        methods.add(
            GuardedMethod.forwarded(
                method,
                entry.type,
                deprecated,
                annotations,
                deprecations.ofSignature(entry.type).and(deprecations.ofOverride(entry))));
      }
    }
    recoverResolver.warnUnused(type, recovers, methods, reportedMisfits);
    List<ConstructorPlan> constructors =
        isInterface
            ? new ArrayList<>()
            : ConstructorPlan.plansOf(type, elements, types, deprecations);
    DeprecatedUses listenerUses = DeprecatedUses.NONE;
    for (GuardedMethod method : methods) {
      if (method.retry() != null) {
        listenerUses = listenerUses.and(deprecations.ofTypes(method.retry().listeners()));
      }
    }
    return new RetryableType(
        type,
        GeneratedNames.retryingClass(type),
        Collections.unmodifiableList(methods),
        Collections.unmodifiableList(constructors),
        SerializableInputs.isSerializable(type, elements, types),
        deprecations.of(type).and(deprecations.ofBounds(type.getTypeParameters())),
        listenerUses,
        AutoCloseables.closeMayThrowInterruption(type, elements, types),
        packageScope.shadowedJavaLangNames(type),
        packageScope.typeNamesInScope(type),
        memberNames(type, ElementKind.FIELD),
        memberNames(type, ElementKind.METHOD),
        deprecations.importedDeprecated());
  }

  /**
   * The names of the members of {@code kind} that {@code type} has and passes on to the generated
   * class, sorted: not the private ones; of the methods, not the static ones either (an
   * interface's are not inherited, and the predicates are among them).
   */
  private Set<String> memberNames(TypeElement type, ElementKind kind) {
    Set<String> names = new TreeSet<>();
    for (Element member : elements.getAllMembers(type)) {
      Set<Modifier> modifiers = member.getModifiers();
      if (member.getKind() == kind
          && !modifiers.contains(Modifier.PRIVATE)
          && !(kind == ElementKind.METHOD && modifiers.contains(Modifier.STATIC))) {
        names.add(member.getSimpleName().toString());
      }
    }
    return Collections.unmodifiableSet(names);
  }

  /**
   * The element whose {@code annotation} applies to {@code entry} (for each annotation
   * kind on its own): the method's own, else that of the nearest method it overrides, else the
   * input's type-level one, else the nearest supertype's; null if none.
   */
  private static Element nearest(
      TypeElement type, List<TypeElement> supertypes, MethodEntry entry, String annotation) {
    if (Mirrors.find(entry.method, annotation) != null) {
      return entry.method;
    }
    for (ExecutableElement overridden : entry.overridden) {
      if (Mirrors.find(overridden, annotation) != null) {
        return overridden;
      }
    }
    if (Mirrors.find(type, annotation) != null) {
      return type;
    }
    for (TypeElement supertype : supertypes) {
      if (Mirrors.find(supertype, annotation) != null) {
        return supertype;
      }
    }
    return null;
  }

  /** What the method returns, as far as the generated code is concerned. */
  private GuardedMethod.Shape shape(ExecutableType method) {
    TypeMirror returnType = method.getReturnType();
    if (returnType.getKind() == TypeKind.VOID) {
      return GuardedMethod.Shape.VOID;
    }
    if (FutureTypes.is(returnType, FutureTypes.COMPLETABLE_FUTURE)) {
      return GuardedMethod.Shape.COMPLETABLE_FUTURE;
    }
    if (FutureTypes.is(returnType, FutureTypes.COMPLETION_STAGE)) {
      return GuardedMethod.Shape.COMPLETION_STAGE;
    }
    return GuardedMethod.Shape.VALUE;
  }

  /**
   * Whether {@code method} is a predicate or {@code delayFor} method its own {@code @Retryable}
   * names: one of that name that could serve, a boolean (for {@code delayFor}: long or int) method
   * of one parameter. An overload of another shape, which only shares the name, is guarded as
   * written.
   */
  private boolean isOwnPredicate(ExecutableElement method, RetryConfig retry) {
    String name = method.getSimpleName().toString();
    TypeMirror returnType = method.getReturnType();
    boolean predicate =
        (name.equals(retry.retryIf()) || name.equals(retry.retryOnResult()))
            && predicateResolver.isBoolean(returnType);
    boolean delayFor =
        name.equals(retry.backoff().delayFor()) && DelayForResolver.isLongOrInt(returnType);
    return (predicate || delayFor) && method.getParameters().size() == 1;
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
   * The name of {@code budget}: as written, else on a type its name relative to its
   * package, else (on a method) the guarded method's {@code label}.
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

  /** The {@code @Retryable} label if set, else {@code Type.method}; an unnamed breaker's name too. */
  private static String label(TypeElement type, ExecutableElement method, RetryConfig retry) {
    if (retry != null && !retry.label().isEmpty()) {
      return retry.label();
    }
    return GeneratedNames.relativeName(type) + "." + method.getSimpleName();
  }

}
