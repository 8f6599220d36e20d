package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.AutoCloseables;
import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.elements.SerializableInputs;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.ConstructorPlan;
import io.retrygen.processor.model.DeprecatedUses;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryableType;
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
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Reads an input type into a {@link RetryableType}: which methods the generated class implements
 * or overrides, in the order {@link TypeHierarchy} gives them, each planned by {@link
 * MethodReader}; its constructors; and what the writer needs to know of the type itself.
 */
public final class ModelReader {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final TypeHierarchy hierarchy;
  private final RecoverResolver recoverResolver;
  private final PredicateResolver predicateResolver;
  private final DelayForResolver delayForResolver;
  private final PackageScope packageScope;
  private final Deprecations deprecations;
  private final MethodReader methodReader;

  public ModelReader(Elements elements, Types types, Report report, ConfigCache configs) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.hierarchy = new TypeHierarchy(elements, types);
    this.packageScope = new PackageScope(elements);
    this.deprecations = new Deprecations(elements);
    this.recoverResolver = new RecoverResolver(elements, types, report);
    NamedMethods named =
        new NamedMethods(elements, types, report, recoverResolver.fits());
    this.predicateResolver = new PredicateResolver(elements, types, report, named);
    this.delayForResolver = new DelayForResolver(elements, types, report, named);
    StateKeyResolver stateKeyResolver =
        new StateKeyResolver(elements, types, named, recoverResolver.fits());
    this.methodReader =
        new MethodReader(
            elements, configs, recoverResolver, predicateResolver, delayForResolver,
            stateKeyResolver, deprecations);
  }

  /** How the reader walks an input's supertypes and methods, for checks that walk them too. */
  public TypeHierarchy hierarchy() {
    return hierarchy;
  }

  /** The fitting rules of recover methods, for the warnings about those that fit nothing. */
  public RecoverFit recoverFits() {
    return recoverResolver.fits();
  }

  public RetryableType read(TypeElement type) {
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
    Set<ExecutableElement> reportedMisfits = new HashSet<>();
    MethodReader.Input input =
        new MethodReader.Input(type, supertypes, recovers, new HashSet<>(), reportedMisfits);
    List<GuardedMethod> methods = new ArrayList<>();
    for (MethodEntry entry : entries) {
      if (!isInterface && entry.method.getModifiers().contains(Modifier.ABSTRACT)) {
        reportAbstract(type, entry.method);
        continue;
      }
      GuardedMethod method = methodReader.read(input, entry);
      if (method != null) {
        methods.add(method);
      }
    }
    List<RetryableType.UnusedRecover> unusedRecovers =
        recoverResolver.unused(type, recovers, methods, reportedMisfits);
    List<ConstructorPlan> constructors =
        isInterface
            ? new ArrayList<>()
            : ConstructorReader.plansOf(type, elements, types, deprecations);
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
        deprecations.importedDeprecated(),
        Collections.unmodifiableList(unusedRecovers));
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
   * A class with an abstract method left has nothing to call for it: an error, unless it is a
   * {@code @Recover} method of the class itself, which its own check reports ("has no body").
   */
  private void reportAbstract(TypeElement type, ExecutableElement method) {
    if (Mirrors.find(method, AnnotationNames.RECOVER) != null
        && method.getEnclosingElement().equals(type)) {
      return;
    }
    report.error(
        type,
        "%s has the abstract method %s left, so a generated subclass would have nothing to"
            + " call. Implement it, or put the annotations on an interface to get a delegate",
        type.getSimpleName(),
        Messages.signature(method));
  }
}
