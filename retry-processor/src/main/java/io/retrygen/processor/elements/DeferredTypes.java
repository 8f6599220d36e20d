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
 * Return types whose work finishes after the method returned, other than the types of a return
 * kind of their own ({@code CompletionStage<T>}, {@code CompletableFuture<T>}, Kotlin's {@code
 * Flow<T>}, Reactor's {@code Mono<T>} and {@code Flux<T>}, RxJava 3's {@code Single<T>}, {@code
 * Maybe<T>}, {@code Completable}, {@code Observable<T>}, {@code Flowable<T>}): a synchronous loop
 * around such a method would see only the assembly of the object, never its failure, and so would
 * never retry anything. No module supports them; a type of its own that extends one of the kinds'
 * types is told to declare the library type itself.
 *
 * <p>Types are recognised by qualified name, the return type itself or any of its supertypes, so
 * that none of these libraries needs to be on the processor's class path.
 */
public final class DeferredTypes {
  /**
   * The deferred types no module supports, and what to say about each, in the order they are
   * tried: a type that is several (a Guava future is a Future, a Mono a Publisher) is described by
   * the first.
   */
  private static final Map<String, String> UNSUPPORTED = new LinkedHashMap<>();
  /** The fix for a type in {@link #UNSUPPORTED} when it is not to return a future: by its key. */
  private static final Map<String, String> FIXES = new LinkedHashMap<>();

  static {
    for (String kind :
        new String[] {
          ReactiveTypes.MONO,
          ReactiveTypes.FLUX,
          ReactiveTypes.SINGLE,
          ReactiveTypes.MAYBE,
          ReactiveTypes.COMPLETABLE,
          ReactiveTypes.OBSERVABLE,
          ReactiveTypes.FLOWABLE
        }) {
      String simpleName = kind.substring(kind.lastIndexOf('.') + 1);
      UNSUPPORTED.put(
          kind,
          ("AEIOU".indexOf(simpleName.charAt(0)) >= 0 ? "an " : "a ")
              + simpleName
              + " type of its own (retrygen retries a method declared to return "
              + simpleName + " itself)");
      FIXES.put(kind, "Declare the method to return " + simpleName + " itself");
    }
    String rxJava2 =
        "an RxJava 2 type (retrygen supports RxJava 3, with " + AnnotationNames.RXJAVA3_MODULE + ")";
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
    /** What it is: "a Guava future". */
    public final String description;
    /**
     * What to write instead, when it is not "return a future": "Declare the method to return Mono
     * itself"; null for the default.
     */
    public final String fix;

    private Deferred(String description, String fix) {
      this.description = description;
      this.fix = fix;
    }
  }

  private DeferredTypes() {}

  /**
   * What {@code returnType} is if it finishes its work later and is not the type of a return kind;
   * null for a type retried synchronously or supported as it is.
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
    for (Map.Entry<String, String> unsupported : UNSUPPORTED.entrySet()) {
      if (names.contains(unsupported.getKey())) {
        return new Deferred(unsupported.getValue(), FIXES.get(unsupported.getKey()));
      }
    }
    return null;
  }
}
