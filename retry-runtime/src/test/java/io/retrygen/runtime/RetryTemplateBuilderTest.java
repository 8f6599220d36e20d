package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.testing.EventLog;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * {@link RetryTemplate.Builder} (SPEC §11): the defaults of {@code @Retryable}, {@code build()}
 * failing exactly where the annotations are compile errors (SPEC §9), the {@link BackoffPolicy}
 * factories' bounds, and nulls.
 */
class RetryTemplateBuilderTest {
  private final FakeClock clock = new FakeClock();
  private final EventLog events = new EventLog();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(QueueRandom.none())
          .listener(events)
          .build();

  // ------------------------------------------------------------------------- defaults

  @Test
  void builderDefaultsAreThreeAttemptsOfAnyExceptionOneSecondApartLabelledRetryTemplate() {
    RetryTemplate template = RetryTemplate.builder().options(options).build();
    IOException io = new IOException("io");
    IllegalStateException state = new IllegalStateException("state");
    ScriptedCallback first = ScriptedCallback.failing(io, state, new IOException("third"));

    Exception thrown = assertThrows(Exception.class, () -> template.execute(first));

    assertEquals("third", thrown.getMessage());
    assertEquals(Arrays.asList(1, 2, 3), first.attempts); // checked and unchecked both retried
    assertEquals(Arrays.asList(1000L, 1000L), clock.sleeps);
    assertEquals("RetryTemplate", template.label());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=1000 elapsedMs=0",
            "onRetry RetryTemplate #2 IllegalStateException delay=1000 elapsedMs=1000",
            "onFailure RetryTemplate #3 IOException delay=0 elapsedMs=2000"),
        events.lines());
  }

  @Test
  void anEmptyLabelMeansTheDefaultAsInTheAnnotation() {
    assertEquals("RetryTemplate", RetryTemplate.builder().label("").build().label());
    assertEquals("inventory.fetch", RetryTemplate.builder().label("inventory.fetch").build().label());
  }

  @Test
  void defaultsIsOneSharedTemplateWithTheBuildersDefaults() {
    RetryTemplate defaults = RetryTemplate.defaults();

    assertSame(defaults, RetryTemplate.defaults());
    assertEquals(RetryTemplate.DEFAULT_LABEL, defaults.label());
    assertEquals("RetryTemplate", RetryTemplate.DEFAULT_LABEL);
    assertEquals(
        "RetryTemplate{Retrier{RetryTemplate, maxAttempts=3, " + BackoffPolicy.fixed(1000L) + "}}",
        defaults.toString());
    assertEquals(RetryTemplate.builder().build().toString(), defaults.toString());
    assertTrue(defaults.rules().retryable(new IOException()));
    assertTrue(defaults.rules().retryable(new IllegalStateException()));
    assertFalse(defaults.rules().retryable(new AssertionError()));
    assertFalse(defaults.rules().retryable(new InterruptedException()));
  }

  @Test
  void defaultsRunsACallbackThatSucceedsOnce() throws Exception {
    ScriptedCallback callback = ScriptedCallback.failing();

    assertEquals("ok#1", RetryTemplate.defaults().execute(callback));
    assertEquals(Collections.singletonList("RetryTemplate"), callback.labels);
  }

  @Test
  void maxAttemptsOneCallsOnce() {
    RetryTemplate template = RetryTemplate.builder().maxAttempts(1).options(options).build();
    ScriptedCallback callback = ScriptedCallback.failing(new IOException());

    assertThrows(IOException.class, () -> template.execute(callback));
    assertEquals(1, callback.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
  }

  @Test
  void aTemplateKeepsWhatTheBuilderHeldWhenItWasBuilt() throws Exception {
    RetryTemplate.Builder builder =
        RetryTemplate.builder().retryOn(IOException.class).backoff(BackoffPolicy.fixed(5L));
    RetryTemplate first = builder.options(options).build();
    builder.notRetryOn(FileNotFoundException.class).label("changed").maxAttempts(1);
    ScriptedCallback callback = ScriptedCallback.failing(new FileNotFoundException());

    assertEquals("ok#2", first.execute(callback));
    assertEquals("RetryTemplate", first.label());
    assertFalse(builder.build().rules().retryable(new FileNotFoundException()));
  }

  // ---------------------------------------- build(): where the annotations are compile errors

  @Test
  void maxAttemptsBelowOneIsRejected() {
    assertRejected(() -> RetryTemplate.builder().maxAttempts(0).build(), "maxAttempts");
    assertRejected(() -> RetryTemplate.builder().maxAttempts(-1).build(), "maxAttempts");
    assertRejected(
        () -> RetryTemplate.builder().maxAttempts(Integer.MIN_VALUE).build(), "maxAttempts");
  }

  @Test
  void negativeMaxDurationIsRejected() {
    assertRejected(
        () -> RetryTemplate.builder().maxDuration(-1L).backoff(BackoffPolicy.fixed(0L)).build(),
        "maxDuration");
    assertRejected(
        () -> RetryTemplate.builder().maxDuration(Long.MIN_VALUE).build(), "maxDuration");
  }

  @Test
  void maxDurationNotAboveTheDelayIsRejected() {
    // The default backoff waits 1000 ms: maxDuration must then be above 1000.
    assertRejected(() -> RetryTemplate.builder().maxDuration(1000L).build(), "maxDuration");
    assertRejected(() -> RetryTemplate.builder().maxDuration(999L).build(), "maxDuration");
    assertRejected(
        () -> RetryTemplate.builder()
            .maxDuration(100L)
            .backoff(BackoffPolicy.exponential(100L, 2.0))
            .build(),
        "maxDuration");
    assertRejected(
        () -> RetryTemplate.builder()
            .maxDuration(100L)
            .backoff(BackoffPolicy.uniform(100L, 500L))
            .build(),
        "maxDuration");
    assertRejected(
        () -> RetryTemplate.builder()
            .maxDuration(1L)
            .backoff(BackoffPolicy.fixed(1L).withJitter(0.5))
            .build(),
        "maxDuration");
  }

  @Test
  void validBoundariesBuild() {
    RetryTemplate.builder().maxAttempts(1).build();
    RetryTemplate.builder().maxAttempts(Integer.MAX_VALUE).build();
    RetryTemplate.builder().maxDuration(0L).build(); // none
    RetryTemplate.builder().maxDuration(1001L).build();
    RetryTemplate.builder().maxDuration(1L).backoff(BackoffPolicy.fixed(0L)).build();
    RetryTemplate.builder().maxDuration(101L).backoff(BackoffPolicy.uniform(100L, 500L)).build();
    RetryTemplate.builder().maxDuration(Long.MAX_VALUE).build();
  }

  // ------------------------------------------------------------ BackoffPolicy factories

  @Test
  void backoffFactoriesRejectWhatTheAnnotationsReject() {
    assertRejected(() -> BackoffPolicy.fixed(-1L), "delay");
    assertRejected(() -> BackoffPolicy.exponential(-1L, 2.0), "delay");
    assertRejected(() -> BackoffPolicy.exponential(100L, 1.0), "multiplier");
    assertRejected(() -> BackoffPolicy.exponential(100L, 0.5), "multiplier");
    assertRejected(() -> BackoffPolicy.exponential(100L, -2.0), "multiplier");
    assertRejected(() -> BackoffPolicy.exponential(100L, Double.NaN), "multiplier");
    assertRejected(() -> BackoffPolicy.exponential(100L, Double.POSITIVE_INFINITY), "multiplier");
    assertRejected(() -> BackoffPolicy.exponential(100L, 2.0, -1L), "maxDelay");
    assertRejected(() -> BackoffPolicy.exponential(100L, 2.0, 99L), "maxDelay");
    assertRejected(() -> BackoffPolicy.exponential(30001L, 2.0), "implicit cap");
    assertRejected(() -> BackoffPolicy.fixed(100L).withMaxDelay(-1L), "maxDelay");
    assertRejected(() -> BackoffPolicy.fixed(100L).withMaxDelay(99L), "maxDelay");
    assertRejected(() -> BackoffPolicy.fixed(100L).withRandom(), "random");
    assertRejected(() -> BackoffPolicy.fixed(100L).withMaxDelay(100L).withRandom(), "random");
    assertRejected(() -> BackoffPolicy.fixed(100L).withJitter(-0.01), "jitter");
    assertRejected(() -> BackoffPolicy.fixed(100L).withJitter(1.01), "jitter");
    assertRejected(() -> BackoffPolicy.fixed(100L).withJitter(Double.NaN), "jitter");
  }

  @Test
  void backoffFactoriesAcceptTheirBoundaries() {
    BackoffPolicy.fixed(0L);
    BackoffPolicy.exponential(30000L, 2.0);
    BackoffPolicy.exponential(30001L, 2.0, 60000L); // a delay above 30000 with its own cap
    BackoffPolicy.exponential(0L, 1.0001);
    BackoffPolicy.fixed(100L).withJitter(0.0);
    BackoffPolicy.fixed(100L).withJitter(1.0);
    BackoffPolicy.fixed(100L).withMaxDelay(100L);
    BackoffPolicy.exponential(100L, 2.0).withRandom().withJitter(1.0);
  }

  @Test
  void uniformNeedsZeroOrMoreBelowItsMaximum() {
    assertRejected(() -> BackoffPolicy.uniform(-1L, 10L), "delay");
    assertRejected(() -> BackoffPolicy.uniform(0L, 0L), "random");
    assertRejected(() -> BackoffPolicy.uniform(10L, 10L), "random");
    assertRejected(() -> BackoffPolicy.uniform(10L, 9L), "maxDelay");
    assertRejected(() -> BackoffPolicy.uniform(10L, -1L), "maxDelay");

    assertEquals(0L, BackoffPolicy.uniform(0L, 1L).delayMillis());
    assertEquals(1L, BackoffPolicy.uniform(0L, 1L).capMillis());
    assertEquals(
        BackoffPolicy.fixed(100L).withMaxDelay(300L).withRandom(),
        BackoffPolicy.uniform(100L, 300L));
    assertEquals(
        BackoffPolicy.uniform(100L, 300L).withJitter(0.5),
        BackoffPolicy.fixed(100L).withMaxDelay(300L).withRandom().withJitter(0.5));
  }

  // ------------------------------------------------------------------------------ nulls

  @Test
  void nullsAreRejectedWhereTheyAreGiven() {
    RetryTemplate.Builder builder = RetryTemplate.builder();

    assertNullRejected(() -> builder.backoff(null), "backoff == null");
    assertNullRejected(() -> builder.retryOn(null), "failureType == null");
    assertNullRejected(() -> builder.notRetryOn(null), "failureType == null");
    assertNullRejected(() -> builder.retryIf(null), "predicate == null");
    assertNullRejected(() -> builder.label(null), "label == null");
    assertNullRejected(() -> builder.listener(null), "listener == null");
    assertNullRejected(() -> builder.options(null), "options == null");
    assertNullRejected(() -> RetryTemplate.defaults().execute(null), "callback == null");
    assertNullRejected(
        () -> RetryTemplate.defaults().execute(null, context -> "x"), "callback == null");
    // The builder is still usable, with none of the nulls taken.
    assertEquals("RetryTemplate", builder.build().label());
  }

  @Test
  void aNullRecoveryRethrowsTheFailure() {
    RetryTemplate template = RetryTemplate.builder().maxAttempts(1).options(options).build();
    IOException io = new IOException();

    assertSame(io, assertThrows(IOException.class,
        () -> template.execute(ScriptedCallback.failing(io), null)));
  }

  // ------------------------------------------------------------------------------ helpers

  private static void assertRejected(Executable build, String mentioned) {
    IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class, build);
    assertTrue(
        thrown.getMessage().contains(mentioned),
        "message should mention " + mentioned + ": " + thrown.getMessage());
  }

  private static void assertNullRejected(Executable call, String message) {
    assertEquals(message, assertThrows(NullPointerException.class, call).getMessage());
  }
}
