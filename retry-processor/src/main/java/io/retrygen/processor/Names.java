package io.retrygen.processor;

import com.squareup.javapoet.ClassName;

/**
 * The names of the runtime types the generated code names. Not class literals: the processor must
 * not load user-facing classes (a test checks each name against the real class).
 */
final class Names {
  static final ClassName RETRY_LISTENER_TYPE = ClassName.get("io.retrygen", "RetryListener");
  static final ClassName RETRY_OPTIONS = ClassName.get("io.retrygen.runtime", "RetryOptions");
  static final ClassName RETRIER = ClassName.get("io.retrygen.runtime.internal", "Retrier");
  static final ClassName RETRY_POLICY = ClassName.get("io.retrygen.runtime.internal", "RetryPolicy");
  static final ClassName BREAKER_POLICY =
      ClassName.get("io.retrygen.runtime.internal", "CircuitBreakerPolicy");
  static final ClassName BREAKER_GATE = ClassName.get("io.retrygen.runtime.internal", "CircuitBreakerGate");
  static final ClassName ASYNC_CALL = ClassName.get("io.retrygen.runtime.internal", "AsyncCall");
  static final ClassName COMPLETION_STAGE =
      ClassName.get("java.util.concurrent", "CompletionStage");
  static final ClassName COMPLETABLE_FUTURE =
      ClassName.get("java.util.concurrent", "CompletableFuture");
  static final ClassName BACKOFF_POLICY = ClassName.get("io.retrygen.runtime", "BackoffPolicy");

  /** The value of {@code CircuitBreakerGate.NO_PERMIT}, for where no name of it compiles. */
  static final long NO_PERMIT = -1L;

  /** The value of {@code @Generated} on every generated class. */
  static final String PROCESSOR = "io.retrygen.processor.RetryProcessor";

  private Names() {}
}
