package io.retrygen.processor;

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
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.SimpleAnnotationValueVisitor8;

/**
 * Superficial validation, as auto-common's {@code BasicAnnotationProcessor} and Dagger do it:
 * before anything is reported about a type, check that everything it refers to is resolved (its
 * supertypes, the signatures of its and their methods and constructors, the values of our
 * annotations). A type that refers to a type not generated yet is deferred to the next round
 * <em>before</em> any diagnostic, so that no error is ever reported twice.
 */
final class SuperficialCheck {
  private SuperficialCheck() {}

  /** Throws {@link MissingTypeException} if {@code type} refers to an unresolved type. */
  static void requireResolved(TypeElement type) {
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
   * The class literals in our own annotations (a user's other annotations are not our business):
   * the attributes whose type is {@code Class}, {@code Class[]} or a nested annotation.
   */
  private static void requireResolvedAnnotations(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      if (!OURS.contains(
          ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString())) {
        continue;
      }
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
          mirror.getElementValues().entrySet()) {
        if (holdsClasses(entry.getKey().getReturnType())) {
          entry.getValue().accept(RESOLVED, null);
        }
      }
    }
  }

  private static boolean holdsClasses(TypeMirror attribute) {
    TypeMirror type =
        attribute.getKind() == TypeKind.ARRAY
            ? ((ArrayType) attribute).getComponentType()
            : attribute;
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    TypeElement element = (TypeElement) ((DeclaredType) type).asElement();
    return element.getQualifiedName().contentEquals("java.lang.Class")
        || element.getKind() == ElementKind.ANNOTATION_TYPE;
  }

  private static final Set<String> OURS =
      new HashSet<>(
          Arrays.asList(
              Names.RETRYABLE, Names.BACKOFF, Names.RECOVER, Names.CIRCUIT_BREAKER));

  private static final SimpleAnnotationValueVisitor8<Void, Void> RESOLVED =
      new SimpleAnnotationValueVisitor8<Void, Void>() {
        @Override
        public Void visitArray(List<? extends AnnotationValue> values, Void unused) {
          for (AnnotationValue each : values) {
            each.accept(this, null);
          }
          return null;
        }

        @Override
        public Void visitType(TypeMirror type, Void unused) {
          MissingTypeException.requireResolved(type);
          return null;
        }

        @Override
        public Void visitAnnotation(AnnotationMirror annotation, Void unused) {
          for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
              annotation.getElementValues().entrySet()) {
            if (holdsClasses(entry.getKey().getReturnType())) {
              entry.getValue().accept(this, null);
            }
          }
          return null;
        }

        @Override
        public Void visitString(String value, Void unused) {
          // Where a class literal belongs, javac hands an unresolvable one to processors as the
          // string "<error>".
          throw new MissingTypeException(value);
        }
      };
}
