package io.retrygen.processor.write;

import static com.google.common.truth.Truth.assertThat;

import io.retrygen.Backoff;
import io.retrygen.CircuitBreaker;
import io.retrygen.Recover;
import io.retrygen.RetryListener;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import io.retrygen.kotlin.FlowCall;
import io.retrygen.kotlin.SuspendCall;
import io.retrygen.processor.RetryProcessor;
import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.ReactiveTypes;
import io.retrygen.processor.model.ReturnKind;
import io.retrygen.reactor.FluxCall;
import io.retrygen.reactor.MonoCall;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.StatisticsListener;
import io.retrygen.runtime.internal.AsyncCall;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.CircuitBreakerPolicy;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.RetryHooks;
import io.retrygen.runtime.internal.RetryPolicy;
import io.retrygen.rxjava3.CompletableCall;
import io.retrygen.rxjava3.FlowableCall;
import io.retrygen.rxjava3.MaybeCall;
import io.retrygen.rxjava3.ObservableCall;
import io.retrygen.rxjava3.SingleCall;
import io.reactivex.rxjava3.core.Completable;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import kotlin.Unit;
import kotlin.coroutines.Continuation;
import kotlinx.coroutines.flow.Flow;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The processor names our types as strings so that it never loads them; they must stay right. */
class NamesTest {
  @Test
  void annotationNamesMatchTheAnnotations() {
    assertThat(AnnotationNames.RETRYABLE).isEqualTo(Retryable.class.getName());
    assertThat(AnnotationNames.BACKOFF).isEqualTo(Backoff.class.getName());
    assertThat(AnnotationNames.RECOVER).isEqualTo(Recover.class.getName());
    assertThat(AnnotationNames.CIRCUIT_BREAKER).isEqualTo(CircuitBreaker.class.getName());
    assertThat(AnnotationNames.TIMEOUT).isEqualTo(Timeout.class.getName());
  }

  @Test
  void listenerNameMatchesTheInterface() {
    assertThat(AnnotationNames.RETRY_LISTENER).isEqualTo(RetryListener.class.getName());
  }

  @Test
  void generatedNameMatchesTheJdkAnnotation() throws ClassNotFoundException {
    // Not a class literal: the tests compile with --release 8, which has no such type.
    assertThat(Class.forName(AnnotationNames.GENERATED).getName())
        .isEqualTo("javax.annotation.processing.Generated");
    assertThat(Class.forName(AnnotationNames.GENERATED).isAnnotation()).isTrue();
  }

  @Test
  void processorNameMatchesTheProcessor() {
    assertThat(Names.PROCESSOR).isEqualTo(RetryProcessor.class.getName());
  }

  @Test
  void runtimeClassNamesMatchTheRuntimeClasses() {
    assertThat(Names.RETRY_OPTIONS.reflectionName()).isEqualTo(RetryOptions.class.getName());
    assertThat(Names.RETRIER.reflectionName()).isEqualTo(Retrier.class.getName());
    assertThat(Names.RETRY_HOOKS.reflectionName()).isEqualTo(RetryHooks.class.getName());
    assertThat(Names.BACKOFF_POLICY.reflectionName()).isEqualTo(BackoffPolicy.class.getName());
    assertThat(Names.RETRY_POLICY.reflectionName()).isEqualTo(RetryPolicy.class.getName());
    assertThat(Names.BREAKER_POLICY.reflectionName())
        .isEqualTo(CircuitBreakerPolicy.class.getName());
    assertThat(Names.BREAKER_GATE.reflectionName()).isEqualTo(CircuitBreakerGate.class.getName());
    assertThat(AnnotationNames.STATISTICS_LISTENER).isEqualTo(StatisticsListener.class.getName());
    assertThat(Names.COMPLETABLE_FUTURE.reflectionName())
        .isEqualTo(CompletableFuture.class.getName());
  }

  @Test
  void kotlinClassNamesMatchTheKotlinModuleAndLibraries() {
    assertThat(Names.CONTINUATION.reflectionName()).isEqualTo(Continuation.class.getName());
    assertThat(Names.FLOW.reflectionName()).isEqualTo(Flow.class.getName());
    assertThat(Names.UNIT.reflectionName()).isEqualTo(Unit.class.getName());
  }

  @Test
  void reactiveClassNamesMatchTheLibraries() {
    assertThat(ReactiveTypes.MONO).isEqualTo(Mono.class.getName());
    assertThat(ReactiveTypes.FLUX).isEqualTo(Flux.class.getName());
    assertThat(Names.COMPLETABLE.reflectionName()).isEqualTo(Completable.class.getName());
  }

  /** Every kind's driver is a real class: the one the generated code extends. */
  @Test
  void eachKindsDriverIsTheRealClass() {
    assertThat(ReturnKind.COMPLETION_STAGE.driver()).isEqualTo(AsyncCall.class.getName());
    assertThat(ReturnKind.COMPLETABLE_FUTURE.driver()).isEqualTo(AsyncCall.class.getName());
    assertThat(ReturnKind.SUSPEND.driver()).isEqualTo(SuspendCall.class.getName());
    assertThat(ReturnKind.FLOW.driver()).isEqualTo(FlowCall.class.getName());
    assertThat(ReturnKind.MONO.driver()).isEqualTo(MonoCall.class.getName());
    assertThat(ReturnKind.FLUX.driver()).isEqualTo(FluxCall.class.getName());
    assertThat(ReturnKind.SINGLE.driver()).isEqualTo(SingleCall.class.getName());
    assertThat(ReturnKind.MAYBE.driver()).isEqualTo(MaybeCall.class.getName());
    assertThat(ReturnKind.COMPLETABLE.driver()).isEqualTo(CompletableCall.class.getName());
    assertThat(ReturnKind.OBSERVABLE.driver()).isEqualTo(ObservableCall.class.getName());
    assertThat(ReturnKind.FLOWABLE.driver()).isEqualTo(FlowableCall.class.getName());
  }

  /** Each kind's type, driver and module are those of a real class and artifact. */
  @Test
  void eachReactiveKindNamesItsTypeAndDriver() throws ReflectiveOperationException {
    for (ReturnKind kind : ReturnKind.values()) {
      if (!kind.isReactive()) {
        continue;
      }
      Class<?> type = Class.forName(kind.typeName());
      Class<?> driver = Class.forName(kind.driver());
      assertThat(type.getSimpleName()).isEqualTo(kind.typeSimpleName());
      assertThat(driver.getSimpleName()).isEqualTo(kind.typeSimpleName() + "Call");
      // The generated code starts the call with the type's name in lower case: mono(), single()...
      assertThat(driver.getMethod(kind.typeSimpleName().toLowerCase(Locale.ROOT)).getReturnType())
          .isEqualTo(type);
      assertThat(kind.module())
          .isEqualTo(
              driver.getPackage().getName().equals("io.retrygen.reactor")
                  ? "io.retrygen:retry-reactor"
                  : "io.retrygen:retry-rxjava3");
    }
  }

  @Test
  void noPermitMatchesTheRuntimeConstant() {
    assertThat(Names.NO_PERMIT).isEqualTo(CircuitBreakerGate.NO_PERMIT);
  }
}
