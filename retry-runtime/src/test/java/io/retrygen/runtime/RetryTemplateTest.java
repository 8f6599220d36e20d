package io.retrygen.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.testing.EventLog;
import io.retrygen.runtime.testing.FakeClock;
import io.retrygen.runtime.testing.QueueRandom;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link RetryTemplate#execute} (SPEC §11): classification as {@code @Retryable} (§3, the
 * interruption rule included), {@code retryIf}, the last failure rethrown as the same instance,
 * recovery, the interrupt flag (§9) and a {@link Sleeper} that throws. Waits, {@code maxDuration},
 * events and threads: {@link RetryTemplateScheduleTest}.
 */
class RetryTemplateTest {
  private final FakeClock clock = new FakeClock();
  private final EventLog events = new EventLog();

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
        .options(
            RetryOptions.builder()
                .sleeper(sleeper)
                .ticker(clock)
                .random(QueueRandom.none())
                .listener(events)
                .build());
  }

  /** How many attempts {@code template} makes of a callback that always fails with this. */
  private static int attemptsFor(RetryTemplate template, Throwable failure) {
    ScriptedCallback callback = ScriptedCallback.failing(failure, failure, failure, failure);
    try {
      template.execute(callback);
      throw new AssertionError("no failure");
    } catch (Throwable thrown) {
      assertSame(failure, thrown);
    }
    return callback.calls();
  }

  // ---------------------------------------------------------------------- classification

  @Test
  void retryOnAddsTypesAndNarrowsFromException() {
    RetryTemplate ioOnly = builder().retryOn(IOException.class).build();
    RetryTemplate both =
        builder().retryOn(IOException.class).retryOn(IllegalStateException.class).build();

    assertEquals(3, attemptsFor(ioOnly, new SocketTimeoutException()));
    assertEquals(1, attemptsFor(ioOnly, new IllegalStateException()));
    assertEquals(3, attemptsFor(both, new IOException()));
    assertEquals(3, attemptsFor(both, new IllegalStateException()));
    assertEquals(1, attemptsFor(both, new IllegalArgumentException()));
  }

  @Test
  void withoutRetryOnEveryExceptionButNoErrorIsRetried() {
    RetryTemplate template = builder().build();

    assertEquals(3, attemptsFor(template, new Exception()));
    assertEquals(3, attemptsFor(template, new TimeoutException()));
    assertEquals(3, attemptsFor(template, new IllegalStateException()));
    assertEquals(1, attemptsFor(template, new AssertionError()));
    assertEquals(1, attemptsFor(template, new StackOverflowError()));
    assertEquals(3, attemptsFor(builder().retryOn(Error.class).build(), new AssertionError()));
    assertEquals(3, attemptsFor(builder().retryOn(Throwable.class).build(), new AssertionError()));
  }

  @Test
  void exclusionWinsWhateverTheHierarchy() {
    RetryTemplate subtypeExcluded =
        builder().retryOn(IOException.class).notRetryOn(FileNotFoundException.class).build();
    RetryTemplate supertypeExcluded =
        builder().retryOn(FileNotFoundException.class).notRetryOn(IOException.class).build();
    RetryTemplate sameType =
        builder().retryOn(IOException.class).notRetryOn(IOException.class).build();

    assertEquals(1, attemptsFor(subtypeExcluded, new FileNotFoundException()));
    assertEquals(3, attemptsFor(subtypeExcluded, new IOException()));
    // Spring's nearest-ancestor rule would retry this one; exclusion wins here (SPEC §3).
    assertEquals(1, attemptsFor(supertypeExcluded, new FileNotFoundException()));
    assertEquals(1, attemptsFor(sameType, new IOException()));
    assertEquals(1, attemptsFor(builder().notRetryOn(Exception.class).build(), new IOException()));
  }

  @Test
  void interruptionIsRetriedOnlyWhenRetryOnNamesInterruptedExceptionItself() {
    assertEquals(1, attemptsFor(builder().build(), new InterruptedException()));
    assertEquals(
        1, attemptsFor(builder().retryOn(Exception.class).build(), new InterruptedException()));
    assertEquals(
        1, attemptsFor(builder().retryOn(Throwable.class).build(), new InterruptedException()));
    assertEquals(
        1,
        attemptsFor(
            builder().retryOn(IOException.class).retryOn(Exception.class).build(),
            new InterruptedException()));
    assertEquals(
        3,
        attemptsFor(
            builder().retryOn(InterruptedException.class).build(), new InterruptedException()));
    assertEquals(
        3,
        attemptsFor(
            builder().retryOn(Exception.class).retryOn(InterruptedException.class).build(),
            new InterruptedException()));
    assertEquals(
        1,
        attemptsFor(
            builder()
                .retryOn(InterruptedException.class)
                .notRetryOn(InterruptedException.class)
                .build(),
            new InterruptedException()));
    assertFalse(Thread.currentThread().isInterrupted()); // a thrown one sets no flag
  }

  @Test
  void aFailureThatIsNotRetriedEndsTheCallAtOnce() {
    IllegalStateException state = new IllegalStateException();
    RetryTemplate template = builder().retryOn(IOException.class).build();

    assertEquals(1, attemptsFor(template, state));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Collections.singletonList(
            "onFailure RetryTemplate #1 IllegalStateException delay=0 elapsedMs=0"),
        events.lines());
    assertSame(state, events.event(0).failure());
  }

  // -------------------------------------------------------------------------- cancellation

  @Test
  void aCancellationEndsTheCallAtOnceUnrecoveredUnlessRetryOnNamesIt() throws Exception {
    CancellationException cancelled = new CancellationException("coroutine cancelled");
    List<String> recovered = new ArrayList<String>();
    RetryTemplate byDefault = builder().build(); // Exception: CancellationException is one
    RetryTemplate byItsSupertype = builder().retryOn(IllegalStateException.class).build();

    for (RetryTemplate template : Arrays.asList(byDefault, byItsSupertype)) {
      ScriptedCallback callback = ScriptedCallback.failing(cancelled, cancelled);
      CancellationException thrown =
          assertThrows(
              CancellationException.class,
              () -> template.execute(callback, context -> {
                recovered.add("recovered");
                return "recovered";
              }));
      assertSame(cancelled, thrown);
      assertEquals(1, callback.calls());
    }
    assertEquals(Collections.<String>emptyList(), recovered);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Arrays.asList(
            "onFailure RetryTemplate #1 CancellationException delay=0 elapsedMs=0",
            "onFailure RetryTemplate #1 CancellationException delay=0 elapsedMs=0"),
        events.lines());
    assertSame(cancelled, events.event(0).failure());

    RetryTemplate namingIt = builder().retryOn(CancellationException.class).build();
    assertEquals("ok#2", namingIt.execute(ScriptedCallback.failing(cancelled)));
    assertEquals(Collections.singletonList(10L), clock.sleeps);
  }

  // ------------------------------------------------------------------------------ retryIf

  @Test
  void retryIfIsConsultedForRetryableFailuresWhileAnAttemptIsLeft() throws Exception {
    List<Throwable> consulted = new ArrayList<Throwable>();
    RetryTemplate template =
        builder()
            .retryOn(IOException.class)
            .retryIf(failure -> consulted.add(failure))
            .build();
    IOException one = new IOException("1");
    IOException two = new IOException("2");
    IOException three = new IOException("3");

    assertSame(three, assertThrows(IOException.class,
        () -> template.execute(ScriptedCallback.failing(one, two, three))));
    assertEquals(Arrays.<Throwable>asList(one, two), consulted); // not for the last attempt

    consulted.clear();
    assertEquals(1, attemptsFor(template, new IllegalStateException()));
    assertEquals(Collections.<Throwable>emptyList(), consulted); // not for what retryOn refuses
  }

  @Test
  void retryIfFalseGivesUpWithTheFailure() throws Exception {
    RetryTemplate template =
        builder().retryIf(failure -> failure.getMessage().startsWith("transient")).build();
    IOException permanent = new IOException("permanent");
    ScriptedCallback callback = ScriptedCallback.failing(new IOException("transient"), permanent);

    assertSame(permanent, assertThrows(IOException.class, () -> template.execute(callback)));
    assertEquals(2, callback.calls());
    assertEquals(Collections.singletonList(10L), clock.sleeps);
    assertEquals("onFailure RetryTemplate #2 IOException delay=0 elapsedMs=10",
        events.lines().get(1));
  }

  @Test
  void aRetryIfThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    IllegalStateException broken = new IllegalStateException("broken predicate");
    RetryTemplate template =
        builder()
            .retryIf(failure -> {
              throw broken;
            })
            .build();
    ScriptedCallback callback = ScriptedCallback.failing(new IOException());
    List<RetryContext> recovered = new ArrayList<RetryContext>();

    IllegalStateException thrown = assertThrows(IllegalStateException.class,
        () -> template.execute(callback, context -> recovered.add(context) ? "recovered" : ""));

    assertSame(broken, thrown);
    assertEquals(1, callback.calls());
    assertEquals(Collections.<RetryContext>emptyList(), recovered);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Collections.singletonList(
            "onFailure RetryTemplate #1 IllegalStateException delay=0 elapsedMs=0"),
        events.lines());
    assertSame(broken, events.event(0).failure());
  }

  // ------------------------------------------------------------- the same instance rethrown

  /** Compiles only because {@code E} is inferred as {@code IOException} from the lambda. */
  private static String read(RetryTemplate template, List<IOException> failures)
      throws IOException {
    return template.execute(context -> {
      throw failures.get(context.attempt() - 1);
    });
  }

  @Test
  void theLastFailureIsRethrownAsTheSameInstanceWithItsCheckedType() {
    List<IOException> failures =
        Arrays.asList(new IOException("1"), new IOException("2"), new IOException("3"));

    IOException thrown = assertThrows(IOException.class, () -> read(builder().build(), failures));

    assertSame(failures.get(2), thrown);
    assertNull(thrown.getCause());
    assertEquals(0, thrown.getSuppressed().length);
  }

  // ----------------------------------------------------------------------------- recovery

  @Test
  void recoveryGetsTheContextOfTheLastAttempt() throws Exception {
    IOException last = new IOException("last");
    List<String> seen = new ArrayList<String>();
    RetryTemplate template = builder().label("inventory.fetch").build();

    String result = template.execute(
        ScriptedCallback.failing(new IOException(), new IOException(), last),
        context -> {
          seen.add(context.label() + " #" + context.attempt());
          assertSame(last, context.lastFailure());
          return "recovered";
        });

    assertEquals("recovered", result);
    assertEquals(Collections.singletonList("inventory.fetch #3"), seen);
    assertEquals("onFailure inventory.fetch #3 IOException delay=0 elapsedMs=20",
        events.lines().get(2)); // onFailure before the recovery, once
  }

  @Test
  void aFailureThatIsNotRetriedIsRecoveredAtOnce() throws Exception {
    AssertionError error = new AssertionError("not retried");
    RetryTemplate template = builder().build();

    String result = template.execute(
        ScriptedCallback.failing(error),
        context -> context.lastFailure() == error ? "recovered #" + context.attempt() : "?");

    assertEquals("recovered #1", result);
  }

  @Test
  void aRecoveryCheckedExceptionIsRethrownAsIs() {
    TimeoutException timeout = new TimeoutException("recovery gave up");
    RetryTemplate template = builder().build();

    Throwable thrown = assertThrows(TimeoutException.class,
        () -> template.execute(ScriptedCallback.failing(new AssertionError()), context -> {
          throw timeout;
        }));

    assertSame(timeout, thrown);
  }

  @Test
  void recoveringAnInterruptionSetsTheInterruptFlagAgain() throws Exception {
    List<Boolean> flagDuringRecovery = new ArrayList<Boolean>();
    RetryTemplate template = builder().build();

    String result = template.execute(
        ScriptedCallback.failing(new InterruptedException()),
        context -> {
          flagDuringRecovery.add(Thread.currentThread().isInterrupted());
          return "recovered";
        });

    assertEquals("recovered", result);
    assertTrue(Thread.interrupted());
    assertEquals(Collections.singletonList(false), flagDuringRecovery);
  }

  @Test
  void theFlagIsNotSetForOtherFailuresNorWhenTheRecoveryThrows() throws Exception {
    RetryTemplate template = builder().build();
    IllegalStateException recoveryFailure = new IllegalStateException();

    template.execute(ScriptedCallback.failing(new AssertionError()), context -> "recovered");
    assertFalse(Thread.currentThread().isInterrupted());

    assertSame(recoveryFailure, assertThrows(IllegalStateException.class, () ->
        template.execute(ScriptedCallback.failing(new InterruptedException()), context -> {
          throw recoveryFailure;
        })));
    assertFalse(Thread.currentThread().isInterrupted()); // SPEC §3: only when it returns
  }

  // ------------------------------------------------------------------------ interruption

  @Test
  void noRetryStartsWhileTheInterruptFlagIsSet() {
    IOException failure = new IOException();
    List<Throwable> consulted = new ArrayList<Throwable>();
    RetryTemplate template = builder().retryIf(consulted::add).build();

    IOException thrown = assertThrows(IOException.class, () -> template.execute(context -> {
      Thread.currentThread().interrupt();
      throw failure;
    }));

    assertSame(failure, thrown);
    assertTrue(Thread.currentThread().isInterrupted()); // still set
    assertEquals(Collections.<Throwable>emptyList(), consulted); // step 4 before step 5
    assertEquals(Collections.<Long>emptyList(), clock.sleeps);
    assertEquals(
        Collections.singletonList("onFailure RetryTemplate #1 IOException delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void theFlagIsNotCheckedBeforeTheFirstAttempt() throws Exception {
    Thread.currentThread().interrupt();
    ScriptedCallback callback = ScriptedCallback.failing(new IOException());

    assertThrows(IOException.class, () -> builder().build().execute(callback));
    assertEquals(1, callback.calls());
    assertTrue(Thread.interrupted());

    Thread.currentThread().interrupt();
    assertEquals("ok#1", builder().build().execute(ScriptedCallback.failing()));
    assertTrue(Thread.interrupted());
  }

  @Test
  void anInterruptedWaitGivesUpWithTheFlagRestored() throws Exception {
    List<Long> asked = new ArrayList<Long>();
    RetryTemplate template = builder(millis -> {
      asked.add(millis);
      throw new InterruptedException();
    }).build();
    IOException failure = new IOException();
    List<Boolean> flagDuringRecovery = new ArrayList<Boolean>();

    String result = template.execute(ScriptedCallback.failing(failure, failure), context -> {
      assertSame(failure, context.lastFailure());
      flagDuringRecovery.add(Thread.currentThread().isInterrupted());
      return "recovered #" + context.attempt();
    });

    assertEquals("recovered #1", result);
    assertEquals(Collections.singletonList(10L), asked);
    assertEquals(Collections.singletonList(true), flagDuringRecovery);
    assertTrue(Thread.interrupted());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=10 elapsedMs=0",
            "onFailure RetryTemplate #1 IOException delay=0 elapsedMs=0"),
        events.lines());
  }

  @Test
  void anInterruptedWaitWithoutRecoveryRethrowsTheLastFailure() {
    RetryTemplate template = builder(millis -> {
      throw new InterruptedException();
    }).build();
    IOException failure = new IOException();
    ScriptedCallback callback = ScriptedCallback.failing(failure, failure);

    assertSame(failure, assertThrows(IOException.class, () -> template.execute(callback)));
    assertEquals(1, callback.calls());
    assertTrue(Thread.interrupted());
  }

  @Test
  void aSleeperThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    IllegalStateException broken = new IllegalStateException("broken sleeper");
    RetryTemplate template = builder(millis -> {
      throw broken;
    }).build();
    ScriptedCallback callback = ScriptedCallback.failing(new IOException());

    IllegalStateException thrown = assertThrows(IllegalStateException.class,
        () -> template.execute(callback, context -> "recovered"));

    assertSame(broken, thrown);
    assertEquals(1, callback.calls());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IOException delay=10 elapsedMs=0",
            "onFailure RetryTemplate #1 IllegalStateException delay=0 elapsedMs=0"),
        events.lines());
    assertSame(broken, events.event(1).failure());
  }

  @Test
  void aSleeperThatThrowsACheckedExceptionItDoesNotDeclareEndsTheCallWithOnFailure() {
    IOException sneaky = new IOException("sneaky sleeper");
    RetryTemplate template =
        builder(millis -> RetryTemplateTest.<RuntimeException>sneakyThrow(sneaky)).build();
    ScriptedCallback callback = ScriptedCallback.failing(new IllegalStateException());

    IOException thrown =
        assertThrows(IOException.class, () -> template.execute(callback, context -> "recovered"));

    assertSame(sneaky, thrown);
    assertEquals(1, callback.calls());
    assertEquals(
        Arrays.asList(
            "onRetry RetryTemplate #1 IllegalStateException delay=10 elapsedMs=0",
            "onFailure RetryTemplate #1 IOException delay=0 elapsedMs=0"),
        events.lines());
    assertSame(sneaky, events.event(1).failure());
  }

  @Test
  void maxDurationNearLongMaxValueTakesEveryWaitThatFits() throws Exception {
    long edge = Long.MAX_VALUE / 1_000_000L;
    // Waits a double holds exactly (the backoff computes in double); the ticker stands still, as
    // no ticker can show such waits pass.
    for (long delay : new long[] {edge - 1, edge, edge + 1, 1L << 62}) {
      List<Long> sleeps = new ArrayList<Long>();
      RetryTemplate template =
          RetryTemplate.builder()
              .maxAttempts(2)
              .maxDuration(Long.MAX_VALUE)
              .backoff(BackoffPolicy.fixed(delay))
              .options(RetryOptions.builder().sleeper(sleeps::add).ticker(() -> 0L).build())
              .build();

      assertEquals(
          "ok#2", template.execute(ScriptedCallback.failing(new IOException())), "wait " + delay);
      assertEquals(Arrays.asList(delay), sleeps);
    }
  }

  /** Throws {@code failure}, checked or not, from where the compiler allows none. */
  @SuppressWarnings("unchecked")
  static <X extends Throwable> void sneakyThrow(Throwable failure) throws X {
    throw (X) failure;
  }
}
