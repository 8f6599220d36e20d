package io.retrygen.processor.check;

import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.SealedTypes;
import io.retrygen.processor.elements.SerializableInputs;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.read.RecoverFit;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The rules for the input type itself: what kind of type it is, whether the generated
 * class can see, extend or implement, and construct it, and whether it can override a guarded
 * method and call a recover method. Reports why not on the type or the method.
 */
public final class ShapeValidator {
  private final Elements elements;
  private final Types types;
  private final Report report;

  ShapeValidator(Elements elements, Types types, Report report) {
    this.elements = elements;
    this.types = types;
    this.report = report;
  }

  /**
   * Whether {@code type} can have a generated class at all: an interface or a non-final class that
   * the generated top-level class can see and instantiate. Reports why not.
   */
  boolean validateShape(TypeElement type) {
    ElementKind elementKind = type.getKind();
    if (elementKind == ElementKind.ANNOTATION_TYPE) {
      // One that carries ours is a meta-annotation, checked as such; our annotations on the
      // members of an annotation type guard nothing.
      return false;
    }
    if (elementKind == ElementKind.ENUM || elementKind.name().equals("RECORD")) {
      report.error(
          type,
          "retrygen cannot wrap %s %s: it generates a delegate for an interface or a subclass for"
              + " a class. Put the annotations on an interface that %s implements, and wrap it",
          kindName(type), type.getSimpleName(), type.getSimpleName());
      return false;
    }
    boolean valid = checkNotFinal(type);
    valid &= checkSealed(type);
    if (isPrivateOrInPrivate(type)) {
      return false; // its constructors are private too: no point saying so again
    }
    if (type.getKind() == ElementKind.CLASS) {
      valid &= checkSubclassable(type);
    }
    return valid;
  }

  private boolean checkNotFinal(TypeElement type) {
    if (type.getKind() != ElementKind.CLASS || !type.getModifiers().contains(Modifier.FINAL)) {
      return true;
    }
    report.error(
        type,
        KotlinSupport.isKotlin(type)
            ? "retrygen cannot wrap final class %s: it generates the subclass %s, and Kotlin"
                + " classes are final unless marked open. Mark it `open`, or put the"
                + " annotations on an interface that %s implements"
            : "retrygen cannot wrap final class %s: it generates the subclass %s. Remove final,"
                + " or put the annotations on an interface that %s implements",
        type.getSimpleName(),
        GeneratedNames.retryingClass(type).simpleName(),
        type.getSimpleName());
    return false;
  }

  private boolean checkSealed(TypeElement type) {
    if (!SealedTypes.isSealed(type) || SealedTypes.permitsGenerated(type)) {
      return true;
    }
    String generated = GeneratedNames.retryingClass(type).simpleName();
    report.error(
        type,
        "retrygen cannot wrap sealed %s %s: its permits clause does not name the generated class"
            + " %s, which %s it. Add %s to permits",
        kindName(type), type.getSimpleName(), generated,
        type.getKind().isInterface() ? "implements" : "extends", generated);
    return false;
  }

  /** Whether {@code type} or a type enclosing it is private, which it reports. */
  private boolean isPrivateOrInPrivate(TypeElement type) {
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      TypeElement each = (TypeElement) e;
      if (each.getModifiers().contains(Modifier.PRIVATE)) {
        report.error(
            type,
            "retrygen cannot wrap %s %s because %s is private: the generated %s is a top-level"
                + " class of the package and cannot see it. Make it package-private or public",
            kindName(type), type.getSimpleName(), each.getSimpleName(),
            GeneratedNames.retryingClass(type).simpleName());
        return true;
      }
    }
    return false;
  }

  /** What a class needs for a generated subclass: static, a constructor to call, readObject. */
  private boolean checkSubclassable(TypeElement type) {
    boolean valid = true;
    String generated = GeneratedNames.retryingClass(type).simpleName();
    if (type.getNestingKind() == NestingKind.MEMBER
        && !type.getModifiers().contains(Modifier.STATIC)) {
      report.error(
          type,
          "retrygen cannot wrap inner class %s: the generated subclass %s has no enclosing"
              + " instance to create it with. Make the class static",
          type.getSimpleName(), generated);
      valid = false;
    }
    if (!hasAccessibleConstructor(type)) {
      report.error(
          type,
          "retrygen cannot wrap class %s: it has no non-private constructor for the generated"
              + " subclass %s to call. Add a package-private or public constructor",
          type.getSimpleName(), generated);
      valid = false;
    }
    ExecutableElement readObject =
        SerializableInputs.isSerializable(type, elements, types)
            ? SerializableInputs.visibleReadObject(type)
            : null;
    if (readObject != null) {
      report.error(
          type,
          "retrygen cannot wrap serializable class %s: %s declares a non-private"
              + " readObject(ObjectInputStream), so the generated subclass %s cannot declare the"
              + " private one that restores its retry state after deserialization. Make that"
              + " readObject private (serialization calls only a private one)",
          type.getSimpleName(), readObject.getEnclosingElement().getSimpleName(), generated);
      valid = false;
    }
    return valid;
  }

  /**
   * A method that {@code annotation} guards must be one the generated class can override: not
   * final (nor a Kotlin function not marked open), static or private.
   */
  void checkOverridable(ExecutableElement method, AnnotationMirror annotation) {
    if (annotation == null) {
      return;
    }
    String annotationName = "@" + annotation.getAnnotationType().asElement().getSimpleName();
    Set<Modifier> modifiers = method.getModifiers();
    String reason =
        modifiers.contains(Modifier.FINAL) ? "final"
            : modifiers.contains(Modifier.STATIC) ? "static"
            : modifiers.contains(Modifier.PRIVATE) ? "private"
            : null;
    if (reason != null && reason.equals("final") && KotlinSupport.isKotlin(method)) {
      report.error(
          method,
          "%s cannot be used on final function %s: the generated class guards a function by"
              + " overriding it, and Kotlin functions are final unless marked open. Mark it"
              + " `open`, or remove the annotation",
          annotationName, Messages.signature(method));
    } else if (reason != null) {
      report.error(
          method,
          "%s cannot be used on %s method %s: the generated class guards a method by overriding"
              + " it, and a %s method cannot be overridden. Remove %s, or remove the annotation",
          annotationName, reason, Messages.signature(method), reason, reason);
    }
  }

  /** A recover method must be callable by the generated class: non-private, non-static, a body. */
  void checkRecover(ExecutableElement method) {
    Set<Modifier> modifiers = method.getModifiers();
    if (modifiers.contains(Modifier.PRIVATE)) {
      report.error(
          method,
          "@Recover method %s is private, so the generated class cannot call it. Make it"
              + " package-private, protected or public",
          Messages.signature(method));
    } else if (modifiers.contains(Modifier.STATIC)) {
      boolean inInterface = method.getEnclosingElement().getKind().isInterface();
      report.error(
          method,
          "@Recover method %s is static: a recover method is called on the instance the"
              + " generated class wraps. %s",
          Messages.signature(method),
          inInterface ? "Make it a default method instead of static" : "Remove static");
    } else if (KotlinSupport.hasBodyInDefaultImpls(method, types)) {
      report.error(
          method,
          "@Recover method %s cannot be called: %s. %s",
          Messages.signature(method), KotlinSupport.defaultImplsCause(method),
          KotlinSupport.JVM_DEFAULT_FIX);
    } else if (!RecoverFit.hasBody(method)) {
      report.error(
          method,
          "@Recover method %s has no body, so the generated class has nothing to call. %s",
          Messages.signature(method),
          !method.getEnclosingElement().getKind().isInterface() || KotlinSupport.isKotlin(method)
              ? "Give it a body"
              : "Make it a default method");
    }
  }

  private static boolean hasAccessibleConstructor(TypeElement type) {
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        return true;
      }
    }
    return false;
  }

  private static String kindName(TypeElement type) {
    switch (type.getKind()) {
      case ENUM:
        return "enum";
      case ANNOTATION_TYPE:
        return "annotation type";
      case INTERFACE:
        return "interface";
      case CLASS:
        return "class";
      default:
        return type.getKind().name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
