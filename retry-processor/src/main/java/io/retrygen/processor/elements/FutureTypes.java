package io.retrygen.processor.elements;

import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The future types of asynchronous methods, by name: which return types are retried without
 * blocking, and which types a recover method may complete their calls with.
 */
public final class FutureTypes {
  public static final String COMPLETION_STAGE = "java.util.concurrent.CompletionStage";
  public static final String COMPLETABLE_FUTURE = "java.util.concurrent.CompletableFuture";

  private FutureTypes() {}

  /** Whether {@code type} is {@code CompletionStage<..>} or {@code CompletableFuture<..>}. */
  public static boolean isAsync(TypeMirror type) {
    return is(type, COMPLETION_STAGE) || is(type, COMPLETABLE_FUTURE);
  }

  /**
   * Whether {@code type}, erased, is the type named {@code name}. Compared by name: asked for every
   * method, {@code Elements.getTypeElement} (a search of every module) cost more than the rest of
   * reading the method.
   */
  public static boolean is(TypeMirror type, String name) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(name);
  }

  /** Whether {@code type} is a {@code CompletionStage} of some kind. */
  public static boolean isStage(Elements elements, Types types, TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && isSubtypeOf(elements, types, type, COMPLETION_STAGE);
  }

  private static boolean isSubtypeOf(Elements elements, Types types, TypeMirror type, String name) {
    TypeElement element = elements.getTypeElement(name);
    return element != null && types.isSubtype(types.erasure(type), types.erasure(element.asType()));
  }
}
