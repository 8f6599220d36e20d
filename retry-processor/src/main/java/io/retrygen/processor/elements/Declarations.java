package io.retrygen.processor.elements;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/** Facts about declarations that every stage asks: where an annotation is, what a method takes. */
public final class Declarations {
  private Declarations() {}

  /**
   * Whether {@code first}'s parameters are {@code second}'s, erased, after a leading one of the
   * erased type {@code leading} when that is not null: {@code (RetryOptions, rest...)} next to
   * {@code (rest...)}, or a Kotlin {@code DefaultImpls} body that takes its interface first.
   */
  public static boolean takesThen(
      Types types, ExecutableElement first, TypeMirror leading, ExecutableElement second) {
    List<? extends VariableElement> firsts = first.getParameters();
    List<? extends VariableElement> seconds = second.getParameters();
    int from = leading == null ? 0 : 1;
    if (firsts.size() != seconds.size() + from
        || (leading != null
            && !types.isSameType(types.erasure(firsts.get(0).asType()), types.erasure(leading)))) {
      return false;
    }
    for (int i = 0; i < seconds.size(); i++) {
      if (!types.isSameType(
          types.erasure(firsts.get(i + from).asType()), types.erasure(seconds.get(i).asType()))) {
        return false;
      }
    }
    return true;
  }
  /** The type an annotation on {@code element} (a type or one of its methods) is declared in. */
  public static TypeElement declaringType(Element element) {
    return element instanceof TypeElement
        ? (TypeElement) element
        : (TypeElement) element.getEnclosingElement();
  }
  /** The elements whose annotations are the input's own: the type, then its methods. */
  public static List<Element> typeAndOwnMethods(TypeElement type) {
    List<Element> annotated = new ArrayList<>();
    annotated.add(type);
    annotated.addAll(ElementFilter.methodsIn(type.getEnclosedElements()));
    return annotated;
  }
  /** Whether an input of this round other than {@code type} is a subtype of it. */
  public static boolean isSupertypeOfAnInput(
      Types types, TypeElement type, List<TypeElement> inputs) {
    for (TypeElement input : inputs) {
      if (!input.equals(type)
          && types.isSubtype(types.erasure(input.asType()), types.erasure(type.asType()))) {
        return true;
      }
    }
    return false;
  }
}
