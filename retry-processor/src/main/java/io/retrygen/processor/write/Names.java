package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.FutureTypes;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.ReactiveTypes;

/**
 * The names of the runtime types the generated code names. Not class literals: the processor must
 * not load user-facing classes (a test checks each name against the real class).
 */
public final class Names {
  /** The package of the types only generated code uses: not API. */
  private static final String INTERNAL = "io.retrygen.runtime.internal";

  static final ClassName RETRY_LISTENER_TYPE = ClassName.get("io.retrygen", "RetryListener");
  static final ClassName RETRY_OPTIONS = ClassName.get("io.retrygen.runtime", "RetryOptions");
  static final ClassName RETRIER = ClassName.bestGuess(AnnotationNames.RETRIER);
  static final ClassName STATEFUL_RETRIER = ClassName.get(INTERNAL, "StatefulRetrier");
  static final ClassName RETRY_POLICY = ClassName.get(INTERNAL, "RetryPolicy");
  static final ClassName RETRY_HOOKS = ClassName.get(INTERNAL, "RetryHooks");
  static final ClassName BREAKER_POLICY = ClassName.get(INTERNAL, "CircuitBreakerPolicy");
  static final ClassName BREAKER_GATE = ClassName.get(INTERNAL, "CircuitBreakerGate");
  static final ClassName TIMEOUT_POLICY = ClassName.get(INTERNAL, "TimeoutPolicy");
  static final ClassName ATTEMPT_TIMER = ClassName.get(INTERNAL, "AttemptTimer");
  static final ClassName CONTINUATION = ClassName.bestGuess(KotlinSupport.CONTINUATION);
  static final ClassName FLOW = ClassName.bestGuess(KotlinSupport.FLOW);
  static final ClassName UNIT = ClassName.bestGuess(KotlinSupport.UNIT);
  static final ClassName COMPLETABLE = ClassName.bestGuess(ReactiveTypes.COMPLETABLE);
  static final ClassName COMPLETION_STAGE = ClassName.bestGuess(FutureTypes.COMPLETION_STAGE);
  static final ClassName COMPLETABLE_FUTURE = ClassName.bestGuess(FutureTypes.COMPLETABLE_FUTURE);
  static final ClassName BACKOFF_POLICY = ClassName.get("io.retrygen.runtime", "BackoffPolicy");

  /** The value of {@code CircuitBreakerGate.NO_PERMIT}, for where no name of it compiles. */
  static final long NO_PERMIT = -1L;

  /** The value of {@code @Generated} on every generated class. */
  static final String PROCESSOR = "io.retrygen.processor.RetryProcessor";

  private Names() {}
}
