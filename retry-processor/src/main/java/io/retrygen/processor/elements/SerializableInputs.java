package io.retrygen.processor.elements;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Inputs that are {@code Serializable}: the generated class does not write its retry
 * state and binds it again in a private {@code readObject(ObjectInputStream)}.
 */
public final class SerializableInputs {
  private SerializableInputs() {}

  public static boolean isSerializable(TypeElement type, Elements elements, Types types) {
    TypeElement serializable = elements.getTypeElement("java.io.Serializable");
    return types.isAssignable(types.erasure(type.asType()), serializable.asType());
  }

  /**
   * A non-private {@code readObject(ObjectInputStream)} of the class {@code type} or a superclass,
   * which the generated private one could not override with weaker access; null if none. (It is
   * no serialization hook: serialization calls a private one only.)
   */
  public static ExecutableElement visibleReadObject(TypeElement type) {
    for (TypeElement c = type; c != null; c = superclass(c)) {
      for (ExecutableElement method : ElementFilter.methodsIn(c.getEnclosedElements())) {
        List<? extends VariableElement> parameters = method.getParameters();
        if (method.getSimpleName().contentEquals("readObject")
            && parameters.size() == 1
            && parameters.get(0).asType().toString().equals("java.io.ObjectInputStream")
            && !method.getModifiers().contains(Modifier.PRIVATE)
            && !method.getModifiers().contains(Modifier.STATIC)) {
          return method;
        }
      }
    }
    return null;
  }

  private static TypeElement superclass(TypeElement type) {
    TypeMirror superclass = type.getSuperclass();
    return superclass.getKind() == TypeKind.DECLARED
        ? (TypeElement) ((DeclaredType) superclass).asElement()
        : null;
  }
}
