package io.retrygen.processor.elements;

/**
 * The qualified names of the Reactor and RxJava 3 types a guarded method may return, each retried
 * by a driver of {@code retry-reactor} or {@code retry-rxjava3}. By name only: neither library is
 * on the processor's class path.
 */
public final class ReactiveTypes {
  public static final String MONO = "reactor.core.publisher.Mono";
  public static final String FLUX = "reactor.core.publisher.Flux";
  public static final String SINGLE = "io.reactivex.rxjava3.core.Single";
  public static final String MAYBE = "io.reactivex.rxjava3.core.Maybe";
  public static final String COMPLETABLE = "io.reactivex.rxjava3.core.Completable";
  public static final String OBSERVABLE = "io.reactivex.rxjava3.core.Observable";
  public static final String FLOWABLE = "io.reactivex.rxjava3.core.Flowable";

  private ReactiveTypes() {}
}
