package io.retrygen.processor.elements;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Types;

/**
 * Return types whose work finishes after the method returned, other than {@code
 * CompletionStage<T>} and {@code CompletableFuture<T>}: a synchronous loop around such a method
 * would see only the assembly of the object, never its failure, and so would never retry anything.
 * Each is either retried through a module of its own (Reactor's, RxJava 3's), which must then be
 * on the compile classpath, or supported by none. (Kotlin's {@code Flow} itself and {@code
 * suspend} functions are return kinds of their own.)
 *
 * <p>Types are recognised by qualified name, the return type itself or any of its supertypes, so
 * that none of these libraries needs to be on the processor's class path.
 */
public final class DeferredTypes {
  public static final String REACTOR_MODULE = "io.retrygen:retry-reactor";
  public static final String RXJAVA3_MODULE = "io.retrygen:retry-rxjava3";

  /** The types a module of ours retries, each with that module. */
  private static final Map<String, String> MODULES = new LinkedHashMap<>();
  /**
   * The deferred types no module supports, and what to say about each, in the order they are
   * tried: a type that is several (a Guava future is a Future) is described by the first.
   */
  private static final Map<String, String> UNSUPPORTED = new LinkedHashMap<>();

  static {
    MODULES.put("reactor.core.publisher.Mono", REACTOR_MODULE);
    MODULES.put("reactor.core.publisher.Flux", REACTOR_MODULE);
    for (String type : new String[] {"Single", "Maybe", "Completable", "Observable", "Flowable"}) {
      MODULES.put("io.reactivex.rxjava3.core." + type, RXJAVA3_MODULE);
    }
    String rxJava2 = "an RxJava 2 type (retrygen supports RxJava 3, with " + RXJAVA3_MODULE + ")";
    for (String type : new String[] {"Single", "Maybe", "Completable", "Observable", "Flowable"}) {
      UNSUPPORTED.put("io.reactivex." + type, rxJava2);
    }
    UNSUPPORTED.put("com.google.common.util.concurrent.ListenableFuture", "a Guava future");
    UNSUPPORTED.put("retrofit2.Call", "a Retrofit call, which runs when it is executed");
    UNSUPPORTED.put("kotlinx.coroutines.Deferred", "a Kotlin Deferred");
    UNSUPPORTED.put(
        KotlinSupport.FLOW,
        "a hot or special Flow type (retrygen retries a function declared to return Flow itself)");
    UNSUPPORTED.put("io.smallrye.mutiny.Uni", "a Mutiny Uni");
    UNSUPPORTED.put("io.smallrye.mutiny.Multi", "a Mutiny Multi");
    UNSUPPORTED.put("io.vertx.core.Future", "a Vert.x future");
    UNSUPPORTED.put("org.reactivestreams.Publisher", "a Reactive Streams publisher");
    UNSUPPORTED.put("java.util.concurrent.Flow.Publisher", "a Flow publisher");
    UNSUPPORTED.put(
        "java.util.concurrent.CompletableFuture", "a subclass of CompletableFuture");
    UNSUPPORTED.put(
        "java.util.concurrent.CompletionStage", "a CompletionStage type of its own");
    UNSUPPORTED.put("java.util.concurrent.Future", "a Future that is not a CompletionStage");
  }

  /** What a deferred return type is, for the diagnostic. */
  public static final class Deferred {
    /** The artifact that retries it, e.g. {@code io.retrygen:retry-reactor}; null for none. */
    public final String module;
    /** What it is, for a type no module supports: "a Guava future". */
    public final String description;

    private Deferred(String module, String description) {
      this.module = module;
      this.description = description;
    }
  }

  private DeferredTypes() {}

  /**
   * What {@code returnType} is if it finishes its work later and is not a plain {@code
   * CompletionStage} or {@code CompletableFuture}; null for a type retried synchronously or
   * supported as it is.
   */
  public static Deferred of(Types types, TypeMirror returnType) {
    if (returnType.getKind() != TypeKind.DECLARED || FutureTypes.isAsync(returnType)) {
      return null;
    }
    Set<String> names = new HashSet<>();
    Deque<TypeMirror> pending = new ArrayDeque<>();
    pending.add(returnType);
    while (!pending.isEmpty()) {
      TypeMirror type = pending.remove();
      if (type.getKind() == TypeKind.DECLARED
          && names.add(
              ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString())) {
        pending.addAll(types.directSupertypes(type));
      }
    }
    for (Map.Entry<String, String> supported : MODULES.entrySet()) {
      if (names.contains(supported.getKey())) {
        return new Deferred(supported.getValue(), null);
      }
    }
    for (Map.Entry<String, String> unsupported : UNSUPPORTED.entrySet()) {
      if (names.contains(unsupported.getKey())) {
        return new Deferred(null, unsupported.getValue());
      }
    }
    return null;
  }
}
