package io.retrygen.processor.model;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.FutureTypes;
import java.util.List;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * What a guarded method returns, as far as the generated code is concerned: decided once, when
 * the method is read, and the key by which the writer picks the method's body writer.
 *
 * <p>A kind is recognised by the erasure of the declared return type, compared by qualified name
 * (so that the library it comes from need not be on the processor's class path), and retried by a
 * driver, a runtime class the generated code calls. A new kind is one more constant here, its body
 * writer in {@code write}, and that writer's line in {@code MethodWriter}'s table; its driver lives
 * in the module that retries it, which {@code ReturnTypeValidator} asks for by this constant's
 * {@link #driver()} and {@link #module()}.
 */
public enum ReturnKind {
  /** {@code void}: a loop around the call, nothing to return. */
  VOID(null, false, AnnotationNames.RUNTIME_MODULE, AnnotationNames.RETRIER),
  /** Any other value returned when the call returns: a loop around the call. */
  VALUE(null, false, AnnotationNames.RUNTIME_MODULE, AnnotationNames.RETRIER),
  /** {@code CompletionStage<T>}: an {@code AsyncCall} that calls the method again. */
  COMPLETION_STAGE(
      FutureTypes.COMPLETION_STAGE,
      true,
      AnnotationNames.RUNTIME_MODULE,
      AnnotationNames.ASYNC_CALL),
  /** {@code CompletableFuture<T>}: as {@link #COMPLETION_STAGE}, returning the call itself. */
  COMPLETABLE_FUTURE(
      FutureTypes.COMPLETABLE_FUTURE,
      true,
      AnnotationNames.RUNTIME_MODULE,
      AnnotationNames.ASYNC_CALL);

  private final String typeName;
  private final boolean deferred;
  private final String module;
  private final String driver;

  ReturnKind(String typeName, boolean deferred, String module, String driver) {
    this.typeName = typeName;
    this.deferred = deferred;
    this.module = module;
    this.driver = driver;
  }

  /** The kind of a method returning {@code returnType}. */
  public static ReturnKind of(TypeMirror returnType) {
    if (returnType.getKind() == TypeKind.VOID) {
      return VOID;
    }
    for (ReturnKind kind : values()) {
      if (kind.typeName != null && FutureTypes.is(returnType, kind.typeName)) {
        return kind;
      }
    }
    return VALUE;
  }

  /**
   * Whether the call's outcome comes after the method returned (a future, and later a coroutine or
   * a publisher): attempts are driven by the runtime across completions, never by blocking.
   */
  public boolean isDeferred() {
    return deferred;
  }

  /**
   * What a call completes with, as the generated code writes it: the return type itself, or for a
   * deferred kind its type argument: {@code T} for {@code CompletionStage<T>}, the bound for
   * {@code ? extends B}, {@code Object} for {@code ?}, {@code ? super L} and a raw type.
   */
  public TypeMirror valueType(Elements elements, TypeMirror returnType) {
    if (!deferred) {
      return returnType;
    }
    List<? extends TypeMirror> arguments = ((DeclaredType) returnType).getTypeArguments();
    TypeMirror object = elements.getTypeElement("java.lang.Object").asType();
    if (arguments.isEmpty()) {
      return object;
    }
    TypeMirror argument = arguments.get(0);
    if (argument.getKind() == TypeKind.WILDCARD) {
      TypeMirror bound = ((WildcardType) argument).getExtendsBound();
      return bound != null ? bound : object;
    }
    return argument;
  }

  /** The value type of a method returning {@code returnType}: {@code of(returnType).valueType}. */
  public static TypeMirror valueTypeOf(Elements elements, TypeMirror returnType) {
    return of(returnType).valueType(elements, returnType);
  }

  /** The qualified name of the runtime class the generated code calls for this kind. */
  public String driver() {
    return driver;
  }

  /** The Maven coordinates of the artifact that holds {@link #driver()}. */
  public String module() {
    return module;
  }
}
