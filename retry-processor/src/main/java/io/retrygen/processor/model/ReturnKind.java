package io.retrygen.processor.model;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.FutureTypes;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.ReactiveTypes;
import java.util.List;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;

/**
 * What a guarded method returns, as far as the generated code is concerned: decided once, when
 * the method is read, and the key by which the writer picks the method's body writer.
 *
 * <p>A kind is recognised by the erasure of the declared return type (a {@code suspend} function by
 * its last parameter), compared by qualified name (so that the library it comes from need not be
 * on the processor's class path), and retried by a
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
      AnnotationNames.ASYNC_CALL),
  /**
   * A Kotlin {@code suspend} function ({@code Object m(..., Continuation<? super T>)} on the JVM):
   * a {@code SuspendCall} that runs the loop in the caller's coroutine. Recognised by its last
   * parameter, not by its return type.
   */
  SUSPEND(null, true, AnnotationNames.KOTLIN_MODULE, AnnotationNames.SUSPEND_CALL),
  /** {@code Flow<T>}: a {@code FlowCall}, a cold flow that calls the method again. */
  FLOW(KotlinSupport.FLOW, true, AnnotationNames.KOTLIN_MODULE, AnnotationNames.FLOW_CALL),
  /** Reactor's {@code Mono<T>}: a {@code MonoCall}, a lazy mono that calls the method again. */
  MONO(ReactiveTypes.MONO, true, AnnotationNames.REACTOR_MODULE, AnnotationNames.MONO_CALL),
  /** Reactor's {@code Flux<T>}: a {@code FluxCall}, a lazy flux that calls the method again. */
  FLUX(ReactiveTypes.FLUX, true, AnnotationNames.REACTOR_MODULE, AnnotationNames.FLUX_CALL),
  /** RxJava 3's {@code Single<T>}: a {@code SingleCall}. */
  SINGLE(ReactiveTypes.SINGLE, true, AnnotationNames.RXJAVA3_MODULE, AnnotationNames.SINGLE_CALL),
  /** RxJava 3's {@code Maybe<T>}: a {@code MaybeCall}. */
  MAYBE(ReactiveTypes.MAYBE, true, AnnotationNames.RXJAVA3_MODULE, AnnotationNames.MAYBE_CALL),
  /**
   * RxJava 3's {@code Completable}, which completes without a value: a {@code CompletableCall}
   * (not generic). Its value type is {@code Object}, which nothing reads.
   */
  COMPLETABLE(
      ReactiveTypes.COMPLETABLE,
      true,
      AnnotationNames.RXJAVA3_MODULE,
      AnnotationNames.COMPLETABLE_CALL),
  /** RxJava 3's {@code Observable<T>}: an {@code ObservableCall}. */
  OBSERVABLE(
      ReactiveTypes.OBSERVABLE,
      true,
      AnnotationNames.RXJAVA3_MODULE,
      AnnotationNames.OBSERVABLE_CALL),
  /** RxJava 3's {@code Flowable<T>}: a {@code FlowableCall}. */
  FLOWABLE(
      ReactiveTypes.FLOWABLE,
      true,
      AnnotationNames.RXJAVA3_MODULE,
      AnnotationNames.FLOWABLE_CALL);

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

  /** The kind of a method of type {@code method}. */
  public static ReturnKind of(ExecutableType method) {
    if (KotlinSupport.continuationOf(method) != null) {
      return SUSPEND;
    }
    TypeMirror returnType = method.getReturnType();
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
   * Whether the call's outcome comes after the method returned (a future, a coroutine, a flow):
   * attempts are driven by the runtime across completions, never by blocking.
   */
  public boolean isDeferred() {
    return deferred;
  }

  /**
   * What a call of a method of type {@code method} completes with, as the generated code writes
   * it: the return type itself, or for a deferred kind its type argument: {@code T} for {@code
   * CompletionStage<T>} and {@code Flow<T>}, the bound for {@code ? extends B}, {@code Object} for
   * {@code ?}, {@code ? super L} and a raw type; for a {@code suspend} function, {@code T} of its
   * {@code Continuation<? super T>}.
   */
  public TypeMirror valueType(Elements elements, ExecutableType method) {
    TypeMirror object = elements.getTypeElement("java.lang.Object").asType();
    if (this == SUSPEND) {
      List<? extends TypeMirror> arguments =
          KotlinSupport.continuationOf(method).getTypeArguments();
      if (arguments.isEmpty()) {
        return object;
      }
      TypeMirror argument = arguments.get(0);
      if (argument.getKind() != TypeKind.WILDCARD) {
        return argument;
      }
      TypeMirror bound = ((WildcardType) argument).getSuperBound();
      return bound != null ? bound : object;
    }
    TypeMirror returnType = method.getReturnType();
    if (!deferred) {
      return returnType;
    }
    List<? extends TypeMirror> arguments = ((DeclaredType) returnType).getTypeArguments();
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

  /** The value type of a method of type {@code method}: {@code of(method).valueType}. */
  public static TypeMirror valueTypeOf(Elements elements, ExecutableType method) {
    return of(method).valueType(elements, method);
  }

  /** Whether the method returns a {@code CompletionStage} or {@code CompletableFuture}. */
  public boolean isStage() {
    return this == COMPLETION_STAGE || this == COMPLETABLE_FUTURE;
  }

  /**
   * Whether the kind is a Reactor or RxJava 3 publisher, whose recover methods may return the value
   * or the method's own publisher type.
   */
  public boolean isReactive() {
    return module.equals(AnnotationNames.REACTOR_MODULE)
        || module.equals(AnnotationNames.RXJAVA3_MODULE);
  }

  /**
   * Whether a call of this kind ends with one result that {@code retryOnResult} can test: not a
   * stream of elements ({@code Flow}, {@code Flux}, {@code Observable}, {@code Flowable}) nor
   * {@code void} or a {@code Completable}, which have no value.
   */
  public boolean hasOneResult() {
    switch (this) {
      case VOID:
      case FLOW:
      case FLUX:
      case OBSERVABLE:
      case FLOWABLE:
      case COMPLETABLE:
        return false;
      default:
        return true;
    }
  }

  /** The qualified name of the type of this kind: {@code reactor.core.publisher.Mono}; or null. */
  public String typeName() {
    return typeName;
  }

  /** The simple name of the type of this kind, for messages: {@code Mono}; null for none. */
  public String typeSimpleName() {
    return typeName == null ? null : typeName.substring(typeName.lastIndexOf('.') + 1);
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
