package io.retrygen.it;

import static io.retrygen.it.Equivalence.scenario;
import static io.retrygen.it.EquivalentDelegate.interrupting;
import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryTemplate;
import java.io.FileNotFoundException;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Issue 11: a {@link RetryTemplate} behaves as a generated method with the same settings. Each
 * scenario runs through {@code EquivalentClientRetrying} and through a template, with the same
 * scripted outcomes, virtual time and randomness, and {@link Equivalence} compares the event lines,
 * sleeps, calls, predicate and recovery calls, the value or the very throwable, and the interrupt
 * flag; the scenario then checks a few facts of its own, so that both being wrong alike fails too.
 */
class TemplateEquivalenceTest {

  private static RetryTemplate.Builder fixed100(int maxAttempts) {
    return RetryTemplate.builder().maxAttempts(maxAttempts).backoff(BackoffPolicy.fixed(100L));
  }

  // ---------------------------------------------------------------- success and rethrow

  @Test
  void successOnALaterAttempt() {
    Equivalence.Run run =
        scenario("byDefault", new IOException("1"), new IllegalStateException("2"), "ok")
            .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertEquals("ok", run.value);
    assertEquals(asList(100L, 100L), run.sleeps);
    assertEquals(asList(
        "onRetry EquivalentClient.byDefault #1 IOException delay=100 elapsedMs=0",
        "onRetry EquivalentClient.byDefault #2 IllegalStateException delay=100 elapsedMs=100",
        "onSuccess EquivalentClient.byDefault #3 - delay=0 elapsedMs=200"), run.listener.lines());
  }

  @Test
  void theLastFailureIsRethrownAsTheSameInstance() {
    IOException last = new IOException("4");
    Equivalence.Run run = scenario("byDefault",
        new IOException("1"), new IOException("2"), new IOException("3"), last)
        .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertSame(last, run.thrown);
    assertEquals(4, run.delegate.calls.size());
  }

  // ------------------------------------------------------------------- classification

  @Test
  void anErrorIsNotRetriedByDefault() {
    AssertionError error = new AssertionError("error");
    Equivalence.Run run = scenario("byDefault", error, "ok")
        .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertSame(error, run.thrown);
    assertEquals(1, run.delegate.calls.size());
  }

  @Test
  void retryForThrowableRetriesErrorsButNotInterruptions() {
    InterruptedException interrupted = new InterruptedException();
    Equivalence.Run run = scenario("throwables", new AssertionError("1"), interrupted, "ok")
        .compare(EquivalentClient::throwables, delegate -> RetryTemplate.builder()
            .maxAttempts(3).backoff(BackoffPolicy.fixed(10L)).retryOn(Throwable.class));

    assertSame(interrupted, run.thrown);
    assertEquals(2, run.delegate.calls.size());
    assertFalse(run.interrupted);
  }

  @Test
  void anExcludedSubtypeIsNotRetried() {
    FileNotFoundException missing = new FileNotFoundException("missing");
    Equivalence.Run run = scenario("excludingSubtype", new IOException("1"), missing, "ok")
        .compare(EquivalentClient::excludingSubtype, delegate -> fixed100(4)
            .retryOn(IOException.class).notRetryOn(FileNotFoundException.class));

    assertSame(missing, run.thrown);
    assertEquals(2, run.delegate.calls.size());
  }

  @Test
  void exclusionWinsOverAMoreSpecificRetryFor() {
    FileNotFoundException missing = new FileNotFoundException("missing");
    Equivalence.Run run = scenario("excludingSupertype", missing, "ok")
        .compare(EquivalentClient::excludingSupertype, delegate -> fixed100(4)
            .retryOn(FileNotFoundException.class).notRetryOn(IOException.class));

    assertSame(missing, run.thrown);
    assertEquals(1, run.delegate.calls.size());
  }

  @Test
  void aFailureOutsideRetryForIsNotRetried() {
    IllegalStateException state = new IllegalStateException("state");
    Equivalence.Run run = scenario("excludingSubtype", state, "ok")
        .compare(EquivalentClient::excludingSubtype, delegate -> fixed100(4)
            .retryOn(IOException.class).notRetryOn(FileNotFoundException.class));

    assertSame(state, run.thrown);
  }

  // --------------------------------------------------------------------- interruption

  @Test
  void anInterruptionIsNotRetriedByDefault() {
    InterruptedException interrupted = new InterruptedException();
    Equivalence.Run run = scenario("byDefault", interrupted, "ok")
        .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertSame(interrupted, run.thrown);
    assertEquals(1, run.delegate.calls.size());
  }

  @Test
  void namingInterruptedExceptionRetriesIt() {
    Equivalence.Run run = scenario("interruptions", new InterruptedException(),
        new InterruptedException(), "ok")
        .compare(EquivalentClient::interruptions, delegate -> RetryTemplate.builder()
            .maxAttempts(3).backoff(BackoffPolicy.fixed(10L))
            .retryOn(InterruptedException.class));

    assertEquals("ok", run.value);
    assertEquals(asList(10L, 10L), run.sleeps);
  }

  @Test
  void noRetryStartsWhileTheInterruptFlagIsSet() {
    IOException failure = new IOException("1");
    Equivalence.Run run = scenario("byDefault", interrupting(failure), "ok")
        .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertSame(failure, run.thrown);
    assertTrue(run.interrupted);
    assertEquals(asList(), run.sleeps);
  }

  @Test
  void anInterruptedWaitGivesUpWithTheFlagRestored() {
    IOException failure = new IOException("1");
    Equivalence.Run run = scenario("byDefault", failure, "ok").interruptingWaits()
        .compare(EquivalentClient::byDefault, delegate -> fixed100(4));

    assertSame(failure, run.thrown);
    assertTrue(run.interrupted);
    assertEquals(2, run.listener.lines().size()); // onRetry, then onFailure for attempt 1
  }

  // ---------------------------------------------------------------------- maxDuration

  @Test
  void maxDurationRefusesAWaitThatWouldEndAtTheLimit() {
    // Calls take 100 ms: 0-100, wait 100, 200-300, wait 200, 500-600, and 600 + 400 >= 1000.
    Equivalence.Run run = scenario("timed", new IOException("1"), new IOException("2"),
        new IOException("3"), "ok").taking(100L)
        .compare(EquivalentClient::timed, delegate -> RetryTemplate.builder()
            .maxAttempts(4).maxDuration(1000L).backoff(BackoffPolicy.exponential(100L, 2.0)));

    assertEquals("3", run.thrown.getMessage());
    assertEquals(asList("#1 at 0 ms", "#2 at 200 ms", "#3 at 500 ms"), run.delegate.calls);
  }

  @Test
  void maxDurationIsReadAgainAfterAWaitThatOverran() {
    IOException first = new IOException("1");
    Equivalence.Run run = scenario("timed", first, "ok").overrunningWaitsBy(950L)
        .compare(EquivalentClient::timed, delegate -> RetryTemplate.builder()
            .maxAttempts(4).maxDuration(1000L).backoff(BackoffPolicy.exponential(100L, 2.0)));

    assertSame(first, run.thrown);
    assertEquals(asList(100L), run.sleeps);
    assertEquals(1, run.delegate.calls.size());
  }

  // ------------------------------------------------------------------------ exact waits

  @Test
  void exponentialWaitsUpToTheirCap() {
    Equivalence.Run run = scenario("exponential", new IOException("1"), new IOException("2"),
        new IOException("3"), new IOException("4"), new IOException("5"), "ok")
        .compare(EquivalentClient::exponential, delegate -> RetryTemplate.builder()
            .maxAttempts(6).backoff(BackoffPolicy.exponential(100L, 2.0, 500L)));

    assertEquals(asList(100L, 200L, 400L, 500L, 500L), run.sleeps);
  }

  @Test
  void randomAndJitterWaitsWithScriptedRandomness() {
    Equivalence.Run run = scenario("jittered", new IOException("1"), new IOException("2"),
        new IOException("3"), "ok").random(0.5, 0.0, 0.25, 0.75, 0.1, 0.5)
        .compare(EquivalentClient::jittered, delegate -> RetryTemplate.builder()
            .maxAttempts(4)
            .backoff(BackoffPolicy.exponential(1000L, 2.0, 3000L).withRandom().withJitter(0.5)));

    assertEquals(asList(750L, 3000L, 3000L), run.sleeps);
    assertEquals(0, run.random.remaining());
  }

  @Test
  void uniformWaitsWithScriptedRandomness() {
    Equivalence.Run run = scenario("uniform", new IOException("1"), new IOException("2"),
        new IOException("3"), "ok").random(0.0, 0.5, 0.9999)
        .compare(EquivalentClient::uniform, delegate -> RetryTemplate.builder()
            .maxAttempts(4).backoff(BackoffPolicy.uniform(100L, 300L)));

    assertEquals(asList(100L, 200L, 299L), run.sleeps);
  }

  // --------------------------------------------------------------------------- retryIf

  @Test
  void retryIfRefusesAPermanentFailure() {
    IOException permanent = new IOException("permanent");
    Equivalence.Run run = scenario("conditional", new IOException("transient"), permanent, "ok")
        .compare(EquivalentClient::conditional, delegate -> fixed100(3)
            .retryIf(failure -> failure instanceof IOException
                && delegate.isTransient((IOException) failure)));

    assertSame(permanent, run.thrown);
    assertEquals(asList("isTransient(transient)", "isTransient(permanent)"),
        run.delegate.consulted);
  }

  @Test
  void retryIfIsNotConsultedForTheLastAttempt() {
    Equivalence.Run run = scenario("conditional", new IOException("transient 1"),
        new IOException("transient 2"), new IOException("transient 3"), "ok")
        .compare(EquivalentClient::conditional, delegate -> fixed100(3)
            .retryIf(failure -> failure instanceof IOException
                && delegate.isTransient((IOException) failure)));

    assertEquals("transient 3", run.thrown.getMessage());
    assertEquals(asList("isTransient(transient 1)", "isTransient(transient 2)"),
        run.delegate.consulted);
  }

  @Test
  void aFailureThatRetryIfCannotTakeCountsAsRefused() {
    Equivalence.Run run = scenario("conditional", new IOException("transient 1"),
        new IllegalStateException("not I/O"), "ok")
        .compare(EquivalentClient::conditional, delegate -> fixed100(3)
            .retryIf(failure -> failure instanceof IOException
                && delegate.isTransient((IOException) failure)));

    // retryFor is Exception: the IllegalStateException passes it, then is no IOException.
    assertEquals("not I/O", run.thrown.getMessage());
    assertEquals(2, run.delegate.calls.size());
    assertEquals(asList("isTransient(transient 1)"), run.delegate.consulted);
  }

  @Test
  void aRetryIfThatThrowsEndsTheCallWithItsException() {
    Equivalence.Run run = scenario("conditional", new IOException("broken"), "ok")
        .compare(EquivalentClient::conditional, delegate -> fixed100(3)
            .retryIf(failure -> failure instanceof IOException
                && delegate.isTransient((IOException) failure)));

    assertSame(EquivalentDelegate.BROKEN_PREDICATE, run.thrown);
    assertEquals(asList(
        "onFailure EquivalentClient.conditional #1 IllegalStateException delay=0 elapsedMs=0"),
        run.listener.lines());
  }

  // -------------------------------------------------------------------------- recovery

  private static String recovering(RetryTemplate template, EquivalentDelegate delegate)
      throws Exception {
    return template.execute(
        context -> delegate.recovered("k"),
        context -> delegate.fallback(context.lastFailure(), "k"));
  }

  @Test
  void recoverAfterTheLastAttemptIsRecoveryCallback() {
    IOException last = new IOException("3");
    Equivalence.Run run = scenario("recovered", new IOException("1"), new IOException("2"), last)
        .compare(client -> client.recovered("k"), delegate -> fixed100(3),
            TemplateEquivalenceTest::recovering);

    assertEquals("recovered k from " + last, run.value);
    assertNull(run.thrown);
  }

  @Test
  void aFailureThatIsNotRetriedIsRecoveredAtOnce() {
    Equivalence.Run run = scenario("recovered", new AssertionError("error"))
        .compare(client -> client.recovered("k"), delegate -> fixed100(3),
            TemplateEquivalenceTest::recovering);

    assertEquals("recovered k from java.lang.AssertionError: error", run.value);
  }

  @Test
  void recoveringAnInterruptionSetsTheFlagAgain() {
    Equivalence.Run run = scenario("recovered", new InterruptedException("stop"))
        .compare(client -> client.recovered("k"), delegate -> fixed100(3),
            TemplateEquivalenceTest::recovering);

    assertTrue(run.interrupted);
    assertEquals(asList(
        "fallback(java.lang.InterruptedException: stop, k, interrupted=false)"),
        run.delegate.consulted);
  }

  @Test
  void aRecoveryCheckedExceptionIsRethrownAsIs() {
    IOException timeout = new IOException("recovery");
    Equivalence.Run run = scenario("recovered", new AssertionError("error"))
        .recoveryThrowing(timeout)
        .compare(client -> client.recovered("k"), delegate -> fixed100(3),
            TemplateEquivalenceTest::recovering);

    assertSame(timeout, run.thrown);
  }
}
