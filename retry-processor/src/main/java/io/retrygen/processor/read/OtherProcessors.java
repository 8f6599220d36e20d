package io.retrygen.processor.read;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * What other processors may still change about an input in the round that hands it to us. Lombok
 * adds and changes members (constructors, getters, delegates) of the types it processes, and it
 * may run after us in the same round, depending only on the order of the processor path. A type
 * that carries a Lombok annotation, on itself or a member, or whose superclass in this compilation
 * does, is therefore generated one round later, from its final shape. Lombok always asks javac for
 * further rounds, so that round exists.
 */
public final class OtherProcessors {
  private static final String LOMBOK = "lombok.";

  private OtherProcessors() {}

  /** Whether another processor may still add or change members of {@code type} in this round. */
  public static boolean mayStillChange(TypeElement type) {
    for (TypeElement each : typeAndSupertypes(type)) {
      if (carriesLombok(each)) {
        return true;
      }
      for (Element member : each.getEnclosedElements()) {
        if (carriesLombok(member)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean carriesLombok(Element element) {
    for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
      TypeElement annotationType = (TypeElement) annotation.getAnnotationType().asElement();
      if (annotationType.getQualifiedName().toString().startsWith(LOMBOK)) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code type}, its superclasses and its interfaces, each once. Lombok's annotations are of
   * {@code SOURCE} retention: only supertypes compiled in this compilation can show them.
   */
  private static List<TypeElement> typeAndSupertypes(TypeElement type) {
    List<TypeElement> all = new ArrayList<>();
    List<TypeElement> pending = new ArrayList<>();
    pending.add(type);
    while (!pending.isEmpty()) {
      TypeElement next = pending.remove(pending.size() - 1);
      if (all.contains(next)) {
        continue;
      }
      all.add(next);
      List<TypeMirror> supertypes = new ArrayList<>(next.getInterfaces());
      supertypes.add(next.getSuperclass());
      for (TypeMirror supertype : supertypes) {
        if (supertype.getKind() == TypeKind.DECLARED) {
          pending.add((TypeElement) ((DeclaredType) supertype).asElement());
        }
      }
    }
    return all;
  }
}
