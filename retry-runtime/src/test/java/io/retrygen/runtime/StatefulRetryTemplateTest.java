package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.GiveUpReason;
import io.retrygen.RetryEvent;
import io.retrygen.runtime.testing.EventLog;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;

/**
 * {@link RetryTemplate#execute(RetryCallback, RecoveryCallback, RetryState)} (SPEC §19, with §3's
 * decision order and §11): one attempt per call, the failure rethrown unchanged after the wait and
 * counted against the key across calls, the exhausted key recovered (or {@link
 * RetryExhaustedException}) by the next call and then forgotten. Each test has its own label: the
 * state is the template's own.
 */
class StatefulRetryTemplateTest {
  private final FakeClock clock = new FakeClock();
  private final EventLog events = new EventLog();
  private final Recovery recovery = new Recovery();
  private String label;

  @BeforeEach
  void labelOfThisTest(TestInfo test) {
    label = "StatefulRetryTemplateTest." + test.getTestMethod().get().getName();
  }

  @AfterEach
  void clearInterruptFlag() {
    Thread.interrupted(); // never leak an interrupt into another test
  }

  private RetryTemplate.Builder builder() {
    return builder(clock);
  }

  private RetryTemplate.Builder builder(Sleeper sleeper) {
    return RetryTemplate.builder()
        .maxAttempts(3)
        .backoff(BackoffPolicy.fixed(10L))
        .label(label)
        .options(
            RetryOptions.builder()
                .sleeper(sleeper)
                .ticker(clock)
                .random(QueueRandom.none())
                .listener(events)
                .build());
  }

  /** A callback that throws {@link #next} (then forgets it) or returns "ok", recording contexts. */
  private final class Attempt implements RetryCallback<String, Exception> {
    final List<Integer> attempts = new ArrayList<Integer>();
    final List<Throwable> lastFailures = new ArrayList<Throwable>();
    Throwable next;
    long millis;

    Attempt failingWith(Throwable failure) {
      next = failure;
      return this;
    }

    /** Each attempt lets {@code millis} of virtual time pass. */
    Attempt taking(long millis) {
      this.millis = millis;
      return this;
    }

    @Override
    public String doWithRetry(RetryContext context) throws Exception {
      attempts.add(context.attempt());
      lastFailures.add(context.lastFailure());
      clock.advanceMillis(millis);
      Throwable failure = next;
      next = null;
      if (failure == null) {
        return "ok";
      }
      if (failure instanceof Exception) {
        throw (Exception) failure;
      }
      throw (Error) failure;
    }
  }

  /** Returns "recovered", recording the contexts it saw. */
  private static final class Recovery implements RecoveryCallback<String> {
    final List<RetryContext> contexts = new ArrayList<RetryContext>();

    @Override
    public String recover(RetryContext context) {
      contexts.add(context);
      return "recovered";
    }
  }

  /** What one stateful call throws, which must be something. */
  private static Throwable failureOf(
      RetryTemplate template, Attempt callback, RecoveryCallback<String> recovery, Object key) {
    try {
      template.execute(callback, recovery, RetryState.of(key));
    } catch (Throwable thrown) {
      return thrown;
    }
    throw new AssertionError("no failure");
  }

  /** One stateful call with {@code key} whose attempt fails with {@code failure}, rethrown. */
  private void failOnce(RetryTemplate template, Object key, Throwable failure) {
    Attempt callback = new Attempt().failingWith(failure);
    assertSame(failure, failureOf(template, callback, recovery, key));
    assertEquals(1, callback.attempts.size());
  }

  private String call(RetryTemplate template, Attempt callback, Object key) throws Exception {
    return template.execute(callback, recovery, RetryState.of(key));
  }

  private GiveUpReason lastReason() {
    List<String> lines = events.lines();
    return events.event(lines.size() - 1).reason();
  }

  // ------------------------------------------------------------------------ counting per key

  @Test
  void eachCallMakesOneAttemptAndRethrowsItsFailureUnchangedAfterTheWait() {
    RetryTemplate template = builder().build();
    IOException first = new IOException("1");
    IOException second = new IOException("2");
    IOException third = new IOException("3");
    Attempt callback = new Attempt();

    assertSame(first, failureOf(template, callback.failingWith(first), recovery, "m"));
    assertEquals(Arrays.asList(10L), clock.sleeps);
    assertSame(second, failureOf(template, callback.failingWith(second), recovery, "m"));
    assertEquals(Arrays.asList(10L, 10L), clock.sleeps);
    assertSame(third, failureOf(template, callback.failingWith(third), recovery, "m"));
    assertEquals(Arrays.asList(10L, 10L), clock.sleeps, "no wait after the last attempt");

    assertEquals(Arrays.asList(1, 2, 3), callback.attempts, "the context's attempt is the key's");
    assertEquals(Arrays.asList(null, null, null), callback.lastFailures);
    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=10 elapsedMs=0",
            "onRetry " + label + " #2 IOException delay=10 elapsedMs=10",
            "onFailure " + label + " #3 IOException delay=0 elapsedMs=20"),
        events.lines());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
    assertSame(third, events.event(2).failure());
    assertNull(events.event(0).reason());
  }

  @Test
  void theCallAfterTheLastAttemptRecoversWithoutCallingAndTheKeyIsThenForgotten()
      throws Exception {
    RetryTemplate template = builder().build();
    IOException last = new IOException("last");
    failOnce(template, "m", new IOException());
    failOnce(template, "m", new IOException());
    failOnce(template, "m", last);
    int eventsBefore = events.lines().size();
    Attempt callback = new Attempt();

    assertEquals("recovered", call(template, callback, "m"));

    assertEquals(0, callback.attempts.size(), "the callback is not called");
    assertEquals(1, recovery.contexts.size());
    assertSame(last, recovery.contexts.get(0).lastFailure());
    assertEquals(3, recovery.contexts.get(0).attempt());
    assertEquals(label, recovery.contexts.get(0).label());
    assertEquals(eventsBefore, events.lines().size(), "no event for the recovering call");

    IOException afresh = new IOException("afresh");
    assertSame(afresh, failureOf(template, callback.failingWith(afresh), recovery, "m"));
    assertEquals(Arrays.asList(1), callback.attempts);
    assertEquals("onRetry " + label + " #1 IOException delay=10 elapsedMs=0",
        events.lines().get(eventsBefore), "elapsed from the key's new first attempt");
    assertEquals(1, recovery.contexts.size());
  }

  @Test
  void withoutRecoveryTheExhaustedKeyThrowsRetryExhaustedExceptionWithTheSameCause()
      throws Exception {
    RetryTemplate template = builder().maxAttempts(2).build();
    IOException last = new IOException("last");
    Attempt callback = new Attempt();
    failureOf(template, callback.failingWith(new IOException()), null, 42);
    assertSame(last, failureOf(template, callback.failingWith(last), null, 42));

    Throwable thrown = failureOf(template, callback, null, 42);

    assertTrue(thrown instanceof RetryExhaustedException, String.valueOf(thrown));
    assertSame(last, thrown.getCause());
    assertTrue(thrown.getMessage().contains(label), thrown.getMessage());
    assertEquals(Arrays.asList(1, 2), callback.attempts, "the callback is not called");
    // forgotten: the next call runs the callback as its attempt 1
    assertEquals("ok", template.execute(callback, null, RetryState.of(42)));
    assertEquals(Arrays.asList(1, 2, 1), callback.attempts);
  }

  @Test
  void oneAttemptPerKeyExhaustsAtOnce() throws Exception {
    RetryTemplate template = builder().maxAttempts(1).build();
    IOException failure = new IOException();
    failOnce(template, "m", failure);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
    assertEquals("recovered", call(template, new Attempt(), "m"));
    assertSame(failure, recovery.contexts.get(0).lastFailure());
    assertEquals(1, recovery.contexts.get(0).attempt());
  }

  @Test
  void aZeroWaitTellsOnRetryWithoutSleeping() {
    RetryTemplate template = builder().backoff(BackoffPolicy.fixed(0L)).build();
    failOnce(template, "m", new IOException());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Arrays.asList("onRetry " + label + " #1 IOException delay=0 elapsedMs=0"), events.lines());
  }

  @Test
  void theWaitsFollowTheBackoffOfTheKeysRetryNumber() {
    RetryTemplate template = builder().maxAttempts(4)
        .backoff(BackoffPolicy.exponential(10L, 2.0)).build();
    failOnce(template, "m", new IOException());
    failOnce(template, "other", new IOException());
    failOnce(template, "m", new IOException());
    failOnce(template, "m", new IOException());
    assertEquals(Arrays.asList(10L, 10L, 20L, 40L), clock.sleeps, "m: 10, 20, 40; other: 10");
  }

  @Test
  void keysAreCountedApartAndANullKeyIsOneKeyLikeAnyOther() throws Exception {
    RetryTemplate template = builder().build();
    failOnce(template, "a", new IOException());
    failOnce(template, "a", new IOException());
    failOnce(template, null, new IOException());
    failOnce(template, "b", new IOException());
    failOnce(template, "a", new IOException()); // a's third: exhausted
    failOnce(template, null, new IOException());
    failOnce(template, new String("b"), new IOException()); // equal keys are one key

    List<String> lines = events.lines();
    assertEquals("onRetry " + label + " #1 IOException delay=10 elapsedMs=0", lines.get(0));
    assertEquals("onRetry " + label + " #2 IOException delay=10 elapsedMs=10", lines.get(1));
    assertEquals("onRetry " + label + " #1 IOException delay=10 elapsedMs=0", lines.get(2));
    assertEquals("onRetry " + label + " #1 IOException delay=10 elapsedMs=0", lines.get(3));
    assertEquals("onFailure " + label + " #3 IOException delay=0 elapsedMs=40", lines.get(4));
    assertEquals("onRetry " + label + " #2 IOException delay=10 elapsedMs=20", lines.get(5));
    assertEquals("onRetry " + label + " #2 IOException delay=10 elapsedMs=20", lines.get(6));

    Attempt callback = new Attempt();
    assertEquals("recovered", call(template, callback, "a"));
    assertEquals("ok", call(template, callback, null));
    assertEquals("ok", call(template, callback, "b"));
    assertEquals(Arrays.asList(3, 3), callback.attempts);
  }

  @Test
  void eachTemplateHasItsOwnStateWhateverItsLabel() throws Exception {
    // As each of Spring Retry's templates has its own cache: an "orders" and a "payments"
    // template, or two without a label, do not count each other's failures of key 42.
    RetryTemplate one = builder().build();
    RetryTemplate other = builder().build();
    failOnce(one, "m", new IOException());
    Attempt callback = new Attempt();
    assertEquals("ok", call(other, callback, "m"));
    assertEquals(Arrays.asList(1), callback.attempts);
    Attempt again = new Attempt();
    assertEquals("ok", call(one, again, "m"));
    assertEquals(Arrays.asList(2), again.attempts, "one's own count goes on");
  }

  @Test
  void aNullStateIsTheStatelessExecute() throws Exception {
    RetryTemplate template = builder().build();
    ScriptedCallback callback = ScriptedCallback.failing(new IOException(), new IOException());
    assertEquals("ok#3", template.execute(callback, recovery, null));
    assertEquals(Arrays.asList(1, 2, 3), callback.attempts);
  }

  @Test
  void aNullCallbackIsRefused() {
    RetryTemplate template = builder().build();
    assertThrows(
        NullPointerException.class,
        () -> template.execute(null, recovery, RetryState.of("m")));
  }

  // ------------------------------------------------------------------------ maxDuration

  @Test
  void maxDurationCountsFromTheKeysFirstAttemptNotTheCalls() throws Exception {
    RetryTemplate template = builder().maxAttempts(10).maxDuration(100L)
        .backoff(BackoffPolicy.fixed(30L)).build();
    Attempt callback = new Attempt().taking(10L);
    IOException first = new IOException();
    IOException second = new IOException();
    assertSame(first, failureOf(template, callback.failingWith(first), recovery, "m")); // 0..10
    clock.advanceMillis(50L); // 40 -> 90: the next call fails at 100
    assertSame(second, failureOf(template, callback.failingWith(second), recovery, "m"));

    assertEquals(Arrays.asList(30L), clock.sleeps, "100 + 30 >= 100: no wait");
    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=30 elapsedMs=10",
            "onFailure " + label + " #2 IOException delay=0 elapsedMs=100"),
        events.lines());
    assertEquals(GiveUpReason.DURATION_EXHAUSTED, lastReason());
    assertEquals("recovered", call(template, callback, "m"));
    assertSame(second, recovery.contexts.get(0).lastFailure());
    assertEquals(2, recovery.contexts.get(0).attempt());
  }

  @Test
  void aWaitThatOverranMaxDurationExhaustsTheKey() throws Exception {
    FakeClock lateSleeper = clock;
    Sleeper late = millis -> lateSleeper.sleep(millis + 100L); // a wait that ends late
    RetryTemplate template = builder(late).maxAttempts(10).maxDuration(100L)
        .backoff(BackoffPolicy.fixed(30L)).build();
    IOException failure = new IOException();

    failOnce(template, "m", failure);

    assertEquals(Arrays.asList(130L), clock.sleeps);
    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=30 elapsedMs=0",
            "onFailure " + label + " #1 IOException delay=0 elapsedMs=130"),
        events.lines());
    assertEquals(GiveUpReason.DURATION_EXHAUSTED, lastReason());
    Attempt callback = new Attempt();
    assertEquals("recovered", call(template, callback, "m"));
    assertEquals(0, callback.attempts.size());
    assertSame(failure, recovery.contexts.get(0).lastFailure());
  }

  /**
   * A call whose wait overran maxDuration while another call with the key made its last attempt:
   * the key is exhausted once, with one onFailure (the first to end it), not two.
   */
  @Test
  void aKeyExhaustedDuringAWaitIsToldOnce() throws Exception {
    final IOException last = new IOException("last");
    final RetryTemplate[] template = new RetryTemplate[1];
    Sleeper overrunning = millis -> {
      clock.sleep(millis + 100L);
      if (clock.sleeps.size() == 1) { // another call, during this wait, makes the last attempt
        failOnce(template[0], "m", last);
      }
    };
    template[0] = builder(overrunning).maxAttempts(2).maxDuration(100L)
        .backoff(BackoffPolicy.fixed(30L)).build();

    failOnce(template[0], "m", new IOException());

    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=30 elapsedMs=0",
            "onFailure " + label + " #2 IOException delay=0 elapsedMs=130"),
        events.lines());
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
    assertEquals("recovered", call(template[0], new Attempt(), "m"));
    assertSame(last, recovery.contexts.get(0).lastFailure());
    assertEquals(2, recovery.contexts.get(0).attempt());
  }

  // ------------------------------------------------------------------------ forgetting

  @Test
  void aSuccessForgetsTheKeyAndTellsTheKeysAttempt() throws Exception {
    RetryTemplate template = builder().build();
    failOnce(template, "m", new IOException());
    failOnce(template, "m", new IOException());
    Attempt callback = new Attempt();
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(3), callback.attempts);
    assertEquals("onSuccess " + label + " #3 - delay=0 elapsedMs=20", events.lines().get(2));
    assertNull(events.event(2).reason());

    failOnce(template, "m", new IOException());
    assertEquals("onRetry " + label + " #1 IOException delay=10 elapsedMs=0",
        events.lines().get(3), "attempt and elapsed time from the key's new first attempt");
  }

  @Test
  void aSuccessWithoutStateIsAttemptOne() throws Exception {
    RetryTemplate template = builder().build();
    Attempt callback = new Attempt();
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(1), callback.attempts);
    assertEquals(Arrays.asList("onSuccess " + label + " #1 - delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void aFailureThatIsNotRetryableIsRethrownAndForgetsTheKey() throws Exception {
    RetryTemplate template = builder().retryOn(IOException.class).build();
    failOnce(template, "m", new IOException());
    IllegalStateException notRetryable = new IllegalStateException();

    failOnce(template, "m", notRetryable);

    assertEquals(Arrays.asList(10L), clock.sleeps, "no wait for it");
    assertEquals("onFailure " + label + " #2 IllegalStateException delay=0 elapsedMs=10",
        events.lines().get(1));
    assertEquals(GiveUpReason.NOT_RETRYABLE, lastReason());
    assertSame(notRetryable, events.event(1).failure());
    assertEquals(0, recovery.contexts.size(), "never recovered");
    Attempt callback = new Attempt();
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(1), callback.attempts, "forgotten");
  }

  @Test
  void aNotRetryableFailureOfAKeyWithoutStateIsAttemptOne() {
    RetryTemplate template = builder().retryOn(IOException.class).build();
    failOnce(template, "m", new IllegalArgumentException());
    assertEquals(
        Arrays.asList("onFailure " + label + " #1 IllegalArgumentException delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void anInterruptedExceptionIsNotRetryableUnlessNamed() throws Exception {
    RetryTemplate template = builder().build();
    InterruptedException interrupted = new InterruptedException();
    failOnce(template, "m", interrupted);
    assertEquals(GiveUpReason.NOT_RETRYABLE, lastReason());
    assertEquals(0, recovery.contexts.size());

    RetryTemplate naming = builder().retryOn(InterruptedException.class).build();
    failOnce(naming, "n", new InterruptedException());
    assertEquals(1, events.lines().size() - 1, "counted: onRetry");
    assertTrue(events.lines().get(1).startsWith("onRetry "));
  }

  @Test
  void aCancellationIsRethrownNeverRecoveredAndForgetsTheKey() throws Exception {
    RetryTemplate template = builder().build();
    failOnce(template, "m", new IOException());
    CancellationException cancelled = new CancellationException();

    failOnce(template, "m", cancelled);

    assertEquals(GiveUpReason.CANCELLED, lastReason());
    assertEquals("onFailure " + label + " #2 CancellationException delay=0 elapsedMs=10",
        events.lines().get(1));
    assertEquals(0, recovery.contexts.size());
    Attempt callback = new Attempt();
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(1), callback.attempts);
  }

  @Test
  void forceRefreshForgetsTheKeyFirst() throws Exception {
    RetryTemplate template = builder().build();
    failOnce(template, "m", new IOException());
    failOnce(template, "m", new IOException());
    Attempt callback = new Attempt();

    assertEquals("ok", template.execute(callback, recovery, RetryState.of("m", true)));
    assertEquals(Arrays.asList(1), callback.attempts);

    for (int i = 0; i < 3; i++) {
      failOnce(template, "m", new IOException());
    }
    assertEquals(GiveUpReason.ATTEMPTS_EXHAUSTED, lastReason());
    assertEquals("ok", template.execute(callback, recovery, RetryState.of("m", true)));
    assertEquals(Arrays.asList(1, 1), callback.attempts, "an exhausted key runs afresh too");
    assertEquals(0, recovery.contexts.size());
  }

  @Test
  void aRecoveryThatThrowsEndsTheCallAsItIsAndTheKeyIsForgotten() throws Exception {
    RetryTemplate template = builder().maxAttempts(1).build();
    final Exception fromRecovery = new Exception("checked");
    failOnce(template, "m", new IOException());
    Attempt callback = new Attempt();

    Throwable thrown = assertThrows(
        Exception.class,
        () -> template.execute(callback, context -> {
          throw fromRecovery;
        }, RetryState.of("m")));

    assertSame(fromRecovery, thrown);
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(1), callback.attempts);
  }

  // ------------------------------------------------------------------------ interruption

  @Test
  void anInterruptedWaitExhaustsTheKeyWithTheFlagSet() throws Exception {
    Sleeper interrupted = millis -> {
      throw new InterruptedException();
    };
    RetryTemplate template = builder(interrupted).build();
    IOException failure = new IOException();

    failOnce(template, "m", failure);

    assertTrue(Thread.interrupted(), "the flag is set again (and cleared here)");
    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=10 elapsedMs=0",
            "onFailure " + label + " #1 IOException delay=0 elapsedMs=0"),
        events.lines());
    assertEquals(GiveUpReason.INTERRUPTED, lastReason());
    Attempt callback = new Attempt();
    assertEquals("recovered", call(template, callback, "m"));
    assertEquals(0, callback.attempts.size());
    assertSame(failure, recovery.contexts.get(0).lastFailure());
  }

  @Test
  void aFailureWhileTheFlagIsSetExhaustsTheKeyWithoutWaiting() throws Exception {
    RetryTemplate template = builder().build();
    IOException failure = new IOException();
    Thread.currentThread().interrupt();

    failOnce(template, "m", failure);

    assertTrue(Thread.interrupted());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Arrays.asList("onFailure " + label + " #1 IOException delay=0 elapsedMs=0"),
        events.lines());
    assertEquals(GiveUpReason.INTERRUPTED, lastReason());
    assertEquals("recovered", call(template, new Attempt(), "m"));
  }

  @Test
  void recoveringAKeyThatAnInterruptionEndedLeavesTheLaterCallsFlagAlone() throws Exception {
    // The interruption belonged to the call that failed with it; the call that recovers the key
    // was not interrupted, as the generated stateful method leaves it too.
    RetryTemplate template = builder().maxAttempts(1).retryOn(InterruptedException.class).build();
    failOnce(template, "m", new InterruptedException());
    assertFalse(Thread.currentThread().isInterrupted());
    assertEquals("recovered", call(template, new Attempt(), "m"));
    assertFalse(Thread.interrupted());
  }

  // ------------------------------------------------------------------------ user code

  @Test
  void aRetryIfThatRejectsExhaustsTheKey() throws Exception {
    RetryTemplate template = builder().retryIf(failure -> failure.getMessage() == null).build();
    failOnce(template, "m", new IOException());
    IOException rejected = new IOException("no");
    failOnce(template, "m", rejected);
    assertEquals(GiveUpReason.RETRY_IF_REJECTED, lastReason());
    assertEquals("onFailure " + label + " #2 IOException delay=0 elapsedMs=10",
        events.lines().get(1));
    assertEquals("recovered", call(template, new Attempt(), "m"));
    assertSame(rejected, recovery.contexts.get(0).lastFailure());
  }

  @Test
  void aRetryIfThatThrowsEndsTheCallWithItsExceptionAndForgetsTheKey() throws Exception {
    final IllegalStateException bug = new IllegalStateException("retryIf bug");
    RetryTemplate template = builder().retryIf(failure -> {
      if (failure.getMessage() != null) {
        throw bug;
      }
      return true;
    }).build();
    failOnce(template, "m", new IOException());

    Attempt callback = new Attempt().failingWith(new IOException("boom"));
    assertSame(bug, failureOf(template, callback, recovery, "m"));

    assertEquals("onFailure " + label + " #2 IllegalStateException delay=0 elapsedMs=10",
        events.lines().get(1));
    assertEquals(GiveUpReason.USER_CODE_FAILED, lastReason());
    assertSame(bug, events.event(1).failure());
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(2, 1), callback.attempts, "forgotten");
    assertEquals(0, recovery.contexts.size());
  }

  @Test
  void aSleeperThatThrowsEndsTheCallWithItsExceptionAndForgetsTheKey() throws Exception {
    final IllegalStateException bug = new IllegalStateException("sleeper bug");
    Sleeper broken = millis -> {
      throw bug;
    };
    RetryTemplate template = builder(broken).build();

    Attempt callback = new Attempt().failingWith(new IOException());
    assertSame(bug, failureOf(template, callback, recovery, "m"));

    assertEquals(
        Arrays.asList(
            "onRetry " + label + " #1 IOException delay=10 elapsedMs=0",
            "onFailure " + label + " #1 IllegalStateException delay=0 elapsedMs=0"),
        events.lines());
    assertEquals(GiveUpReason.USER_CODE_FAILED, lastReason());
    assertEquals("ok", call(template, callback, "m"));
    assertEquals(Arrays.asList(1, 1), callback.attempts, "forgotten");
  }

  // ------------------------------------------------------------------------ values

  @Test
  void retryStateIsAValue() {
    assertEquals(RetryState.of("k"), RetryState.of(new String("k")));
    assertEquals(RetryState.of("k").hashCode(), RetryState.of(new String("k")).hashCode());
    assertEquals(RetryState.of(null), RetryState.of(null));
    assertEquals(RetryState.of(null).hashCode(), RetryState.of(null).hashCode());
    assertEquals(RetryState.of("k", true), RetryState.of("k", true));
    assertNotEquals(RetryState.of("k"), RetryState.of("k", true));
    assertNotEquals(RetryState.of("k"), RetryState.of("j"));
    assertNotEquals(RetryState.of("k"), RetryState.of(null));
    assertNotEquals(RetryState.of(null), RetryState.of("k"));
    assertNotEquals(RetryState.of("k"), "k");
    assertEquals(RetryState.of("k"), RetryState.of("k", false));
    assertEquals("k", RetryState.of("k").key());
    assertNull(RetryState.of(null).key());
    assertFalse(RetryState.of("k").forceRefresh());
    assertTrue(RetryState.of("k", true).forceRefresh());
    assertEquals("RetryState{k}", RetryState.of("k").toString());
    assertEquals("RetryState{k, forceRefresh}", RetryState.of("k", true).toString());
    assertEquals("RetryState{null}", RetryState.of(null).toString());
  }

  @Test
  void evictionsOfAnUnknownLabelAreZeroAndANullLabelIsRefused() {
    assertEquals(0L, StatefulRetries.evictions(label + ".never used"));
    assertThrows(NullPointerException.class, () -> StatefulRetries.evictions(null));
    assertEquals(4096, StatefulRetries.MAX_KEYS);
  }

  @Test
  void aFewKeysEvictNothing() {
    RetryTemplate template = builder().build();
    for (int i = 0; i < 100; i++) {
      failOnce(template, i, new IOException());
    }
    assertEquals(0L, StatefulRetries.evictions(label));
  }

  @Test
  void retryExhaustedExceptionIsUnchecked() {
    RuntimeException e = new RetryExhaustedException("m", null);
    assertNull(e.getCause());
    assertEquals("m", e.getMessage());
  }

  @Test
  void theEventsOfAKeyLeaveTheEventsOfOthersAlone() {
    RetryTemplate template = builder().build();
    failOnce(template, "a", new IOException());
    RetryEvent event = events.event(0);
    assertEquals(label, event.label());
    assertEquals(1, event.attempt());
    assertEquals(10L, event.delayMillis());
    assertEquals(0L, event.elapsedNanos());
  }
}
