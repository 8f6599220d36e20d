package io.retrygen.processor;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
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
    requireResolved(type, new HashSet<TypeElement>());
  }

  private static void requireResolved(TypeElement type, Set<TypeElement> seen) {
    if (!seen.add(type)) {
      return;
    }
    requireResolvedAnnotations(type);
    for (Element member : type.getEnclosedElements()) {
      if (member instanceof ExecutableElement) {
        MissingTypeException.requireResolved(member.asType());
        requireResolvedAnnotations(member);
      }
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

  /** The values of our own annotations only: a user's other annotations are not our business. */
  private static void requireResolvedAnnotations(Element element) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      String name =
          ((TypeElement) mirror.getAnnotationType().asElement()).getQualifiedName().toString();
      if (name.startsWith("io.retrygen.")) {
        for (AnnotationValue value : mirror.getElementValues().values()) {
          value.accept(RESOLVED, null);
        }
      }
    }
  }

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
          for (AnnotationValue value : annotation.getElementValues().values()) {
            value.accept(this, null);
          }
          return null;
        }

        @Override
        public Void visitString(String value, Void unused) {
          // javac hands an unresolvable class literal to processors as the string "<error>".
          if (value.equals("<error>")) {
            throw new MissingTypeException(value);
          }
          return null;
        }
      };
}
