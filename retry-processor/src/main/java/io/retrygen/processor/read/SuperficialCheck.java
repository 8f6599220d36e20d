package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.MissingTypeException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.ElementFilter;

/**
 * Superficial validation, as auto-common's {@code BasicAnnotationProcessor} and Dagger do it:
 * before anything is reported about a type, check that everything it refers to is resolved (its
 * supertypes, the signatures of its and their methods and constructors, the values of our
 * annotations). A type that refers to a type not generated yet is deferred to the next round
 * <em>before</em> any diagnostic, so that no error is ever reported twice.
 */
public final class SuperficialCheck {
  private SuperficialCheck() {}

  /** Throws {@link MissingTypeException} if {@code type} refers to an unresolved type. */
  public static void requireResolved(TypeElement type) {
    // The generated class declares the input's type parameters again, with their bounds.
    for (TypeParameterElement typeParameter : type.getTypeParameters()) {
      MissingTypeException.requireResolvedBounds((TypeVariable) typeParameter.asType());
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        MissingTypeException.requireResolved(constructor.asType());
      }
    }
    requireResolved(type, new HashSet<TypeElement>());
  }

  /**
   * What the model reads of {@code type} and its supertypes: their instance methods (static and
   * private ones are not read: a static factory that returns the class about to be generated, say,
   * must not hold the input back) and our annotations on them.
   */
  private static void requireResolved(TypeElement type, Set<TypeElement> seen) {
    if (!seen.add(type)) {
      return;
    }
    requireResolvedAnnotations(type);
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      Set<Modifier> modifiers = method.getModifiers();
      if (!modifiers.contains(Modifier.STATIC) && !modifiers.contains(Modifier.PRIVATE)) {
        MissingTypeException.requireResolved(method.asType());
      }
      requireResolvedAnnotations(method);
    }
    requireSupertype(type.getSuperclass(), seen);
    for (TypeMirror each : type.getInterfaces()) {
      requireSupertype(each, seen);
    }
  }

  private static void requireSupertype(TypeMirror supertype, Set<TypeElement> seen) {
    if (supertype.getKind() == TypeKind.NONE) {
      return;
    }
    MissingTypeException.requireResolved(supertype);
    requireResolved((TypeElement) ((DeclaredType) supertype).asElement(), seen);
  }

  /**
   * The values of our own annotations (a user's other annotations are not our business, unless
   * they carry ours), nested {@code @Backoff} included: each must be what its attribute declares.
   * javac hands a value it could not make sense of (an unresolved constant or class literal, a
   * value of the wrong type) to processors as the string {@code "<error>"}, or a class literal as
   * an error type.
   */
  private static void requireResolvedAnnotations(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (OURS.contains(type.getQualifiedName().toString())) {
        requireWellFormed(mirror);
      } else {
        // A meta-annotation stands for what it carries: the model reads those values here too.
        for (AnnotationMirror carried : MetaAnnotations.carried(type)) {
          requireWellFormed(carried);
        }
      }
    }
  }

  private static void requireWellFormed(AnnotationMirror mirror) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      requireWellFormed(entry.getValue(), entry.getKey().getReturnType());
    }
  }

  private static void requireWellFormed(AnnotationValue value, TypeMirror attribute) {
    Object content = value.getValue();
    boolean fits;
    switch (attribute.getKind()) {
      case ARRAY:
        fits = content instanceof List;
        if (fits) {
          TypeMirror component = ((ArrayType) attribute).getComponentType();
          for (Object each : (List<?>) content) {
            requireWellFormed((AnnotationValue) each, component);
          }
        }
        break;
      case BOOLEAN:
        fits = content instanceof Boolean;
        break;
      case INT:
        fits = content instanceof Integer;
        break;
      case LONG:
        fits = content instanceof Long;
        break;
      case DOUBLE:
        fits = content instanceof Double;
        break;
      case DECLARED:
        TypeElement type = (TypeElement) ((DeclaredType) attribute).asElement();
        if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
          // @Backoff: an annotation of an unresolved type comes with an error type.
          fits =
              content instanceof AnnotationMirror
                  && ((AnnotationMirror) content).getAnnotationType().getKind() != TypeKind.ERROR
                  && ((TypeElement) ((AnnotationMirror) content).getAnnotationType().asElement())
                      .getQualifiedName()
                      .equals(type.getQualifiedName());
          if (fits) {
            requireWellFormed((AnnotationMirror) content);
          }
        } else if (type.getQualifiedName().contentEquals("java.lang.Class")) {
          fits = content instanceof TypeMirror;
          if (fits) {
            try {
              MissingTypeException.requireResolved((TypeMirror) content);
            } catch (MissingTypeException e) {
              fits = false;
            }
          }
        } else {
          // A String. An erroneous value is the string "<error>" too, but unquoted: a constant's
          // toString() is the literal as written in source.
          fits = content instanceof String && !value.toString().equals(ERROR);
        }
        break;
      default:
        fits = true; // no attribute of ours has another type
    }
    if (!fits) {
      throw MissingTypeException.inAnnotationValue(value.toString());
    }
  }

  /** What javac hands processors for a value it could not make sense of. */
  private static final String ERROR = "<error>";

  private static final Set<String> OURS =
      new HashSet<>(
          Arrays.asList(
              AnnotationNames.RETRYABLE,
              AnnotationNames.BACKOFF,
              AnnotationNames.RECOVER,
              AnnotationNames.CIRCUIT_BREAKER,
              AnnotationNames.RETRY_BUDGET,
              AnnotationNames.TIMEOUT));
}
