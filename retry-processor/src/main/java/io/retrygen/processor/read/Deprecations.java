package io.retrygen.processor.read;

import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.DeprecatedUses;
import io.retrygen.processor.model.PredicateMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.RetryConfig;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;

/**
 * What the members of a generated class name that is deprecated (JLS 9.6.4.6): the types in their
 * signatures and bodies, the methods they call and override. The generated class is a top-level
 * class of its own, so every such use warns under {@code -Xlint:all}, in a place the user cannot
 * annotate: the writers suppress exactly these warnings on the member that needs it.
 */
public final class Deprecations {
  private final Elements elements;
  /** The package of the input being read, and the deprecated top-level types of others seen. */
  private PackageElement inputPackage;
  private final Set<String> importedDeprecated = new TreeSet<>();

  Deprecations(Elements elements) {
    this.elements = elements;
  }

  /** Starts reading an input of {@code pkg}: forgets the types of the last one. */
  void startInput(PackageElement pkg) {
    inputPackage = pkg;
    importedDeprecated.clear();
  }

  /**
   * The simple names of the deprecated top-level types of other packages that the input's
   * generated class names, sorted: it must name them qualified, since {@code javac -source 8}
   * still reports a deprecated type in an import (JEP 211 dropped that from Java 9 on), where no
   * {@code @SuppressWarnings} reaches.
   */
  Set<String> importedDeprecated() {
    return Collections.unmodifiableSet(new TreeSet<>(importedDeprecated));
  }

  /**
   * A use of {@code element}: a method, or a type as JavaPoet writes it, qualified by the types it
   * is nested in ({@code Outer.Client}).
   */
  DeprecatedUses of(Element element) {
    DeprecatedUses uses = use(element);
    if (element instanceof TypeElement) {
      for (Element e = element.getEnclosingElement(); e instanceof TypeElement;
          e = e.getEnclosingElement()) {
        uses = uses.and(use(e));
      }
    }
    return uses;
  }

  private DeprecatedUses use(Element element) {
    if (!elements.isDeprecated(element)) {
      return DeprecatedUses.NONE;
    }
    if (element instanceof TypeElement
        && element.getEnclosingElement() instanceof PackageElement
        && !element.getEnclosingElement().equals(inputPackage)) {
      importedDeprecated.add(element.getSimpleName().toString());
    }
    boolean forRemoval = forRemoval(element);
    return DeprecatedUses.of(!forRemoval, forRemoval);
  }

  /** The types named in writing {@code type}: the type, its enclosing types, its arguments. */
  DeprecatedUses ofType(TypeMirror type) {
    switch (type.getKind()) {
      case DECLARED:
        DeclaredType declared = (DeclaredType) type;
        DeprecatedUses uses = of(declared.asElement());
        for (TypeMirror argument : declared.getTypeArguments()) {
          uses = uses.and(ofType(argument));
        }
        return declared.getEnclosingType().getKind() == TypeKind.DECLARED
            ? uses.and(ofType(declared.getEnclosingType()))
            : uses;
      case ARRAY:
        return ofType(((ArrayType) type).getComponentType());
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        DeprecatedUses bounds = DeprecatedUses.NONE;
        if (wildcard.getExtendsBound() != null) {
          bounds = bounds.and(ofType(wildcard.getExtendsBound()));
        }
        if (wildcard.getSuperBound() != null) {
          bounds = bounds.and(ofType(wildcard.getSuperBound()));
        }
        return bounds;
      case INTERSECTION:
        return ofTypes(((IntersectionType) type).getBounds());
      default:
        return DeprecatedUses.NONE; // a type variable is named by its name only
    }
  }

  DeprecatedUses ofTypes(Iterable<? extends TypeMirror> types) {
    DeprecatedUses uses = DeprecatedUses.NONE;
    for (TypeMirror type : types) {
      uses = uses.and(ofType(type));
    }
    return uses;
  }

  /**
   * A method or constructor declared with the signature {@code type}: its type variables'
   * bounds, its return, parameter and thrown types.
   */
  DeprecatedUses ofSignature(ExecutableType type) {
    DeprecatedUses uses =
        ofType(type.getReturnType())
            .and(ofTypes(type.getParameterTypes()))
            .and(ofTypes(type.getThrownTypes()));
    for (TypeVariable variable : type.getTypeVariables()) {
      uses = uses.and(ofType(variable.getUpperBound()));
    }
    return uses;
  }

  /** The bounds of the type parameters a generated class declares again. */
  DeprecatedUses ofBounds(List<? extends TypeParameterElement> typeParameters) {
    DeprecatedUses uses = DeprecatedUses.NONE;
    for (TypeParameterElement typeParameter : typeParameters) {
      uses = uses.and(ofTypes(typeParameter.getBounds()));
    }
    return uses;
  }

  /**
   * An override of {@code method} that calls it: {@code method} and the declarations it overrides
   * (deprecated ones make the override {@code @Deprecated}, which javac accepts for them, but not
   * for those deprecated for removal); and, for an interface's {@code clone()} or {@code
   * finalize()}, the method of {@code Object} that the delegate's public one overrides as well.
   */
  DeprecatedUses ofOverride(MethodEntry entry) {
    List<ExecutableElement> overridden = new ArrayList<>(entry.overridden);
    overridden.add(entry.method);
    DeprecatedUses uses = DeprecatedUses.NONE;
    for (ExecutableElement each : overridden) {
      if (elements.isDeprecated(each) && forRemoval(each)) {
        uses = uses.and(DeprecatedUses.of(false, true));
      }
    }
    if (entry.objectMethod) {
      TypeElement object = elements.getTypeElement("java.lang.Object");
      for (ExecutableElement each : ElementFilter.methodsIn(object.getEnclosedElements())) {
        if (each.getSimpleName().equals(entry.method.getSimpleName())
            && each.getParameters().isEmpty()) {
          uses = uses.and(of(each));
        }
      }
    }
    return uses;
  }

  /**
   * A call of {@code method}, a recover method or a predicate: the method, and for a static one
   * the type it is called on.
   */
  DeprecatedUses ofCall(ExecutableElement method, boolean isStatic) {
    DeprecatedUses uses = of(method);
    return isStatic ? uses.and(of(method.getEnclosingElement())) : uses;
  }

  /**
   * The body of a guarded method: the failure types it tests for, and the recover methods and
   * predicates it calls, with the failure types it casts to and the types it calls static ones on.
   */
  DeprecatedUses ofGuards(
      RetryConfig retry,
      BreakerConfig breaker,
      List<RecoverMethod> calledRecovers,
      List<PredicateMethod> predicates) {
    DeprecatedUses uses = DeprecatedUses.NONE;
    if (retry != null) {
      uses = uses.and(ofTypes(retry.retryFor())).and(ofTypes(retry.noRetryFor()));
      if (!calledRecovers.isEmpty()) {
        uses = uses.and(ofTypes(retry.notRecoverable()));
      }
    }
    if (breaker != null) {
      uses = uses.and(ofTypes(breaker.failOn())).and(ofTypes(breaker.skipOn()));
    }
    for (RecoverMethod recover : calledRecovers) {
      uses = uses.and(ofCall(recover.method(), false));
      if (recover.failureType() != null) {
        uses = uses.and(ofType(recover.failureType()));
      }
    }
    for (PredicateMethod predicate : predicates) {
      uses = uses.and(ofCall(predicate.method(), predicate.isStatic()));
      if (predicate.needsCast()) {
        uses = uses.and(ofType(predicate.parameterType()));
      }
    }
    return uses;
  }

  /** Whether {@code element} is {@code @Deprecated(forRemoval = true)} (Java 9 and later). */
  private static boolean forRemoval(Element element) {
    AnnotationMirror deprecated = Mirrors.find(element, "java.lang.Deprecated");
    if (deprecated == null) {
      return false;
    }
    AnnotationValue forRemoval = Mirrors.explicitValue(deprecated, "forRemoval");
    return forRemoval != null && Boolean.TRUE.equals(forRemoval.getValue());
  }
}
