package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.AnnotationConfig;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.BudgetConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.TimeoutConfig;
import io.retrygen.processor.read.ConfigCache;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules of the contract. Reports every problem of a type through the {@link Report}, on the
 * value that is wrong where there is one, and never throws for bad input.
 */
public final class Validator {
  private final Types types;
  private final Report report;
  private final ConfigCache configs;
  private final RetryableValidator retryableValidator;
  private final Elements elements;
  private final ShapeValidator shapeValidator;
  private final BreakerValidator breakerValidator;
  private final BudgetValidator budgetValidator;
  private final TimeoutValidator timeoutValidator;
  private final ReturnTypeValidator returnTypes;
  private final MetaAnnotationValidator metaAnnotations;

  public Validator(
      Elements elements,
      Types types,
      Report report,
      ConfigCache configs,
      Set<String> metaAnnotationsCompiledHere) {
    this.elements = elements;
    this.shapeValidator = new ShapeValidator(elements, types, report);
    this.types = types;
    this.report = report;
    this.configs = configs;
    this.retryableValidator = new RetryableValidator(types, report);
    this.breakerValidator = new BreakerValidator(types, report);
    this.budgetValidator = new BudgetValidator(types, report);
    this.timeoutValidator = new TimeoutValidator(report);
    this.returnTypes = new ReturnTypeValidator(elements, types, report);
    this.metaAnnotations = new MetaAnnotationValidator(report, metaAnnotationsCompiledHere);
  }

  /** See {@link ShapeValidator#validateShape}. */
  public boolean validateShape(TypeElement type) {
    return shapeValidator.validateShape(type);
  }

  /**
   * Checks every annotation that the input itself carries, on the type and its own methods:
   * written there, or carried by a meta-annotation placed there. The values a meta-annotation
   * carries are its declaration's business; here, only what depends on where it is used, and,
   * for one from the class path, its declaration once per input.
   */
  public void validateAnnotations(TypeElement type) {
    Set<TypeElement> fromClassPath = new LinkedHashSet<>();
    for (Element element : Declarations.typeAndOwnMethods(type)) {
      validateElement(type, element, fromClassPath);
    }
    for (TypeElement meta : fromClassPath) {
      validateMetaAnnotation(meta);
    }
  }

  /**
   * The annotations that apply to {@code element}, a method or {@code type} itself, for the class
   * generated for {@code type}; adds the meta-annotations placed there that come from the class
   * path to {@code fromClassPath}.
   */
  private void validateElement(
      TypeElement type, Element element, Set<TypeElement> fromClassPath) {
    MetaAnnotations.Placed retryable =
        metaAnnotations.findOnce(element, AnnotationNames.RETRYABLE);
    MetaAnnotations.Placed breaker =
        metaAnnotations.findOnce(element, AnnotationNames.CIRCUIT_BREAKER);
    MetaAnnotations.Placed timeout =
        metaAnnotations.findOnce(element, AnnotationNames.TIMEOUT);
    MetaAnnotations.Placed budget =
        metaAnnotations.findOnce(element, AnnotationNames.RETRY_BUDGET);
    if (element instanceof ExecutableElement) {
      shapeValidator.checkOverridable(
          (ExecutableElement) element,
          retryable != null ? retryable.written()
              : breaker != null ? breaker.written()
              : timeout != null ? timeout.written()
              : null);
      AnnotationMirror recover = Mirrors.find(element, AnnotationNames.RECOVER);
      if (recover != null) {
        shapeValidator.checkRecover((ExecutableElement) element);
      }
    }
    metaAnnotations.checkDirectBackoff(element, retryable);
    if (breaker != null) {
      BreakerConfig config = configs.breaker(element);
      if (config.metaAnnotation() == null) {
        breakerValidator.validate(type, config);
        breakerValidator.checkName(config);
      } else {
        breakerValidator.validateVisibility(type, config);
      }
    }
    if (retryable != null) {
      RetryConfig config = configs.retry(element);
      if (config.metaAnnotation() == null) {
        retryableValidator.validate(type, config);
      } else {
        retryableValidator.validateVisibility(type, config);
      }
    }
    if (budget != null && budget.carrier == null) {
      budgetValidator.validate(configs.budget(element));
    }
    if (timeout != null && timeout.carrier == null) {
      timeoutValidator.validate(configs.timeout(element));
    }
    metaAnnotations.checkPlaced(element, fromClassPath);
  }

  /**
   * Checks the declaration of an annotation type that stands for ours (a meta-annotation), once:
   * one level only, and its values by every rule that does not depend on where it is used.
   * Reported on the annotation type, on the value at fault; for one from the class path, the
   * report moves the errors onto the input that uses it.
   */
  public void validateMetaAnnotation(TypeElement meta) {
    int errorsBefore = report.errorCount();
    metaAnnotations.checkOneLevelDeep(meta);
    // Its own annotations, by the rules of any element they could be written on; what reaches it
    // only through another annotation type was reported above.
    validateElement(meta, meta, new LinkedHashSet<TypeElement>());
    if (report.errorCount() > errorsBefore) {
      metaAnnotations.markInvalid(meta);
    }
  }

  /** See {@link MetaAnnotationValidator#usesInvalidMetaAnnotation}. */
  public boolean usesInvalidMetaAnnotation(RetryableType model) {
    return metaAnnotations.usesInvalidMetaAnnotation(model);
  }

  /**
   * In a type that generates nothing (only {@code @Recover} or {@code @RetryBudget}
   * methods), a {@code @RetryBudget} on a method caps nothing, unless an input of this
   * round extends the type: nearest wins, so its generated class may use the budget.
   */
  public void validateUnguardedBudgets(TypeElement type, List<TypeElement> inputs) {
    if (Declarations.isSupertypeOfAnInput(types, type, inputs)) {
      return;
    }
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      MetaAnnotations.Placed budget = MetaAnnotations.find(method, AnnotationNames.RETRY_BUDGET);
      if (budget != null) {
        budgetValidator.reportUnretried(
            method, budget.written(),
            String.format(
                "nothing in %s is guarded, so no class is generated for it", type.getSimpleName()));
      }
    }
  }

  /**
   * Reports each of the {@code failures} named by {@code attribute} of {@code config} that the
   * generated class, in {@code pkg}, cannot see: it tests for them with {@code instanceof}. On the
   * element the annotation applies to: the package is that of the type generated for it.
   */
  static void checkVisible(
      Types types,
      Report report,
      AnnotationConfig config,
      String attribute,
      List<TypeMirror> failures,
      PackageElement pkg) {
    for (TypeMirror failure : failures) {
      TypeElement failureType = (TypeElement) types.asElement(failure);
      if (!Visibility.isAccessibleFrom(failureType, pkg)) {
        report.error(
            config.annotatedElement(), config.useMirror(), config.useValue(attribute),
            "@%s(%s = %s.class)%s names a type that the generated class in package %s cannot"
                + " see, so it cannot test for it. Make %s public or package-private",
            config.mirror().getAnnotationType().asElement().getSimpleName(), attribute,
            failureType.getSimpleName(), config.ofMeta(),
            pkg.isUnnamed() ? "(unnamed)" : pkg.getQualifiedName(),
            failureType.getSimpleName());
      }
    }
  }

  /**
   * Checks the annotations that the input's guarded methods inherit from supertypes, once each:
   * the input's own were checked by {@link #validateAnnotations}, and so are those of a supertype
   * that is among this round's {@code inputs}. Report reports what is wrong with them on the
   * input, naming the supertype: a supertype in a jar, say.
   */
  public void validateInherited(
      RetryableType model, List<TypeElement> inputs, List<TypeElement> roundTypes) {
    Set<Element> checkedRetries = new HashSet<>();
    Set<Element> checkedBreakers = new HashSet<>();
    Set<Element> checkedBudgets = new HashSet<>();
    Set<Element> checkedTimeouts = new HashSet<>();
    Set<TypeElement> fromClassPath = new LinkedHashSet<>();
    TypeElement type = model.element();
    for (GuardedMethod method : model.methods()) {
      for (AnnotationConfig config : method.configs()) {
        if (config.metaAnnotation() != null
            && !Declarations.declaringType(config.annotatedElement()).equals(type)) {
          // What it carries was checked where it is declared; where it is used, what depends on
          // that place.
          metaAnnotations.addIfFromClassPath(config.metaAnnotation(), fromClassPath);
          if (config instanceof RetryConfig) {
            retryableValidator.validateVisibility(type, (RetryConfig) config);
          } else if (config instanceof BreakerConfig) {
            breakerValidator.validateVisibility(type, (BreakerConfig) config);
          }
        }
      }
      RetryConfig retry = method.retry();
      if (retry != null
          && retry.metaAnnotation() == null
          && isInherited(retry.annotatedElement(), type, checkedRetries)) {
        if (isInput(retry.annotatedElement(), inputs)) {
          retryableValidator.validateVisibility(type, retry);
        } else {
          retryableValidator.validate(type, retry);
        }
      }
      BreakerConfig breaker = method.breaker();
      if (breaker != null
          && breaker.metaAnnotation() == null
          && isInherited(breaker.annotatedElement(), type, checkedBreakers)) {
        if (isInput(breaker.annotatedElement(), inputs)) {
          breakerValidator.validateVisibility(type, breaker);
        } else {
          breakerValidator.validate(type, breaker);
          breakerValidator.checkName(breaker);
        }
      }
      BudgetConfig budget = method.budget();
      // A budget-only supertype of this round, no input, checked its own values already.
      if (budget != null
          && budget.metaAnnotation() == null
          && isInherited(budget.annotatedElement(), type, checkedBudgets)
          && !isInput(budget.annotatedElement(), roundTypes)) {
        budgetValidator.validate(budget);
      }
      TimeoutConfig timeout = method.timeout();
      if (timeout != null
          && timeout.metaAnnotation() == null
          && isInherited(timeout.annotatedElement(), type, checkedTimeouts)
          && !isInput(timeout.annotatedElement(), inputs)) {
        timeoutValidator.validate(timeout);
      }
    }
    for (TypeElement meta : fromClassPath) {
      validateMetaAnnotation(meta);
    }
  }

  /** Whether an annotation on {@code annotated} comes from a supertype and is not checked yet. */
  private static boolean isInherited(Element annotated, TypeElement type, Set<Element> checked) {
    return !Declarations.declaringType(annotated).equals(type) && checked.add(annotated);
  }

  /**
   * Whether {@code annotated} is declared in an input of this round: that supertype reports what
   * is wrong with its annotations itself, with their caret, and only what depends on the
   * generating type's package (which classes it can see) is left to check here.
   */
  private static boolean isInput(Element annotated, List<TypeElement> inputs) {
    return inputs.contains(Declarations.declaringType(annotated));
  }

  /**
   * What only the model shows: guarded methods whose return type the generator cannot handle
   * ({@link ReturnTypeValidator}), breakers and budgets that share a name with other settings, and
   * budgets on methods that no {@code @Retryable} guards.
   */
  public void validateModel(RetryableType model, List<TypeElement> inputs) {
    budgetValidator.checkBudgetsApply(model, inputs);
    Set<String> missingDrivers = new HashSet<>(); // each said once per input
    for (GuardedMethod method : model.methods()) {
      if (!method.isGuarded()) {
        continue;
      }
      if (method.budget() != null) {
        budgetValidator.checkName(method.budgetName(), method.budget());
      }
      if (method.breaker() != null) {
        breakerValidator.checkLabelName(method.breaker(), method.method(), method.label());
      }
      returnTypes.check(method, missingDrivers);
    }
  }

  static String elementName(Element element) {
    return element instanceof ExecutableElement ? "method"
        : element.getKind() == ElementKind.ANNOTATION_TYPE ? "annotation type"
        : "type";
  }
}
