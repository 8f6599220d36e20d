package io.retrygen.processor.elements;

import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.IntersectionType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * A type the input refers to is not resolved yet: perhaps another processor generates it in a
 * later round, or it is a kapt stub. The type is retried in the next round.
 */
public final class MissingTypeException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final boolean inAnnotationValue;

  public MissingTypeException(String what) {
    this(what, false);
  }

  private MissingTypeException(String what, boolean inAnnotationValue) {
    super(what, null, false, false);
    this.inAnnotationValue = inAnnotationValue;
  }

  /**
   * A value of one of our annotations that javac could not make sense of: an unresolved constant
   * or class literal, a value that does not fit its attribute. javac reports each itself.
   */
  public static MissingTypeException inAnnotationValue(String what) {
    return new MissingTypeException(what, true);
  }

  /**
   * Whether what is missing is a value of one of our annotations, for which javac reports an
   * error of its own: if it is still missing at the last round, that error says it all.
   */
  public boolean inAnnotationValue() {
    return inAnnotationValue;
  }

  /** Throws {@link MissingTypeException} if {@code type} mentions a type not resolved yet. */
  public static void requireResolved(TypeMirror type) {
    switch (type.getKind()) {
      case ERROR:
        throw new MissingTypeException(type.toString());
      case DECLARED:
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
          requireResolved(argument);
        }
        break;
      case ARRAY:
        requireResolved(((ArrayType) type).getComponentType());
        break;
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        if (wildcard.getExtendsBound() != null) {
          requireResolved(wildcard.getExtendsBound());
        }
        if (wildcard.getSuperBound() != null) {
          requireResolved(wildcard.getSuperBound());
        }
        break;
      case TYPEVAR:
        // A use of a type variable: its declaration's bounds are checked where it is declared
        // (requireResolvedBounds), as bounds may be recursive (T extends Comparable<T>).
        TypeVariable variable = (TypeVariable) type;
        if (variable.getUpperBound().getKind() == TypeKind.ERROR) {
          throw new MissingTypeException(variable.toString());
        }
        break;
      case INTERSECTION:
        for (TypeMirror bound : ((IntersectionType) type).getBounds()) {
          requireResolved(bound);
        }
        break;
      case EXECUTABLE:
        ExecutableType executable = (ExecutableType) type;
        for (TypeVariable declared : executable.getTypeVariables()) {
          requireResolvedBounds(declared);
        }
        requireResolved(executable.getReturnType());
        for (TypeMirror parameter : executable.getParameterTypes()) {
          requireResolved(parameter);
        }
        for (TypeMirror thrown : executable.getThrownTypes()) {
          requireResolved(thrown);
        }
        break;
      default:
        break;
    }
  }

  /**
   * Throws {@link MissingTypeException} if a bound of the declaration of {@code variable} mentions
   * a type not resolved yet: the generated class or method declares it again with its bounds.
   */
  public static void requireResolvedBounds(TypeVariable variable) {
    // The upper bound of T extends Comparable<T> mentions T, whose bound is checked by the
    // TYPEVAR case without recursion.
    requireResolved(variable.getUpperBound());
  }
}
