package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.Collections;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** retryFor, noRetryFor, maxAttempts, and the same failure instance rethrown. */
class FailureClassificationTest {
  private final VirtualTime clock = VirtualTime.start();

  private FailureClient client(Script script) {
    RetryOptions options =
        RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom()).build();
    return new FailureClientRetrying(new ScriptedFailureClient(script), options);
  }

  /** Runs {@code call} against an always failing script; returns the number of calls. */
  private static <T extends Throwable> int callsUntilRethrown(
      Class<T> expectedType, T failure, Script script, Executable call) {
    T thrown = assertThrows(expectedType, call);
    assertSame(failure, thrown);
    return script.calls();
  }

  @Test
  void checkedFailureIsRetriedAndTheSameInstanceRethrown() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(3, callsUntilRethrown(IOException.class, failure, script, client::byDefault));
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void uncheckedFailureIsRetriedByDefaultAndTheSameInstanceRethrown() {
    IllegalStateException failure = new IllegalStateException("bad state");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        3, callsUntilRethrown(IllegalStateException.class, failure, script, client::byDefault));
  }

  @Test
  void errorIsNotRetriedByDefaultAndTheSameInstanceRethrown() {
    StackOverflowError failure = new StackOverflowError("deep");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        1, callsUntilRethrown(StackOverflowError.class, failure, script, client::byDefault));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void errorIsRetriedWhenRetryForNamesError() {
    SimulatedError failure = new SimulatedError("simulated");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(3, callsUntilRethrown(SimulatedError.class, failure, script, client::errors));
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void retryForErrorDoesNotRetryExceptions() {
    IllegalStateException failure = new IllegalStateException("not an error");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        1, callsUntilRethrown(IllegalStateException.class, failure, script, client::errors));
  }

  @Test
  void errorIsRetriedWhenRetryForNamesThrowable() {
    AssertionError failure = new AssertionError("simulated");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(3, callsUntilRethrown(AssertionError.class, failure, script, client::everything));
  }

  @Test
  void retryForThrowableRetriesCheckedFailures() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(3, callsUntilRethrown(IOException.class, failure, script, client::everything));
  }

  @Test
  void anErrorSubtypeNamedInRetryForIsRetriedButOtherErrorsAreNot() {
    AssertionError retried = new AssertionError("retried");
    Script retriedScript = Script.alwaysFailing(retried);
    assertEquals(
        3,
        callsUntilRethrown(
            AssertionError.class, retried, retriedScript, client(retriedScript)::assertionErrors));

    StackOverflowError other = new StackOverflowError("other");
    Script otherScript = Script.alwaysFailing(other);
    assertEquals(
        1,
        callsUntilRethrown(
            StackOverflowError.class, other, otherScript, client(otherScript)::assertionErrors));
  }

  @Test
  void failureOutsideRetryForIsNotRetried() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        1, callsUntilRethrown(IllegalStateException.class, failure, script, client::onlyIo));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void subtypeOfRetryForIsRetried() {
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        3, callsUntilRethrown(FileNotFoundException.class, failure, script, client::onlyIo));
  }

  @Test
  void noRetryForSubtypeOfRetryForIsNotRetried() {
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        1,
        callsUntilRethrown(
            FileNotFoundException.class, failure, script, client::ioButNotFileNotFound));
  }

  @Test
  void noRetryForLeavesTheRestOfRetryForRetried() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));

    client(script).ioButNotFileNotFound();

    assertEquals(3, script.calls());
  }

  @Test
  void noRetryForWinsEvenWhenItIsASupertypeOfRetryFor() {
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(
        1,
        callsUntilRethrown(
            FileNotFoundException.class, failure, script, client::fileNotFoundExcludedBySupertype));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void severalIncludedAndExcludedTypes() {
    IOException io = new IOException("io");
    Script ioScript = Script.alwaysFailing(io);
    assertEquals(3, callsUntilRethrown(IOException.class, io, ioScript, client(ioScript)::several));

    IllegalStateException state = new IllegalStateException("state");
    Script stateScript = Script.alwaysFailing(state);
    assertEquals(
        3,
        callsUntilRethrown(
            IllegalStateException.class, state, stateScript, client(stateScript)::several));

    FileNotFoundException notFound = new FileNotFoundException("excluded");
    Script notFoundScript = Script.alwaysFailing(notFound);
    assertEquals(
        1,
        callsUntilRethrown(
            FileNotFoundException.class,
            notFound,
            notFoundScript,
            client(notFoundScript)::several));

    UnsupportedOperationException unsupported = new UnsupportedOperationException("excluded");
    Script unsupportedScript = Script.alwaysFailing(unsupported);
    assertEquals(
        1,
        callsUntilRethrown(
            UnsupportedOperationException.class,
            unsupported,
            unsupportedScript,
            client(unsupportedScript)::several));

    IllegalArgumentException argument = new IllegalArgumentException("not included");
    Script argumentScript = Script.alwaysFailing(argument);
    assertEquals(
        1,
        callsUntilRethrown(
            IllegalArgumentException.class,
            argument,
            argumentScript,
            client(argumentScript)::several));
  }

  @Test
  void twoIncludedTypesWithoutExclusionStillStopAtMaxAttempts() {
    IllegalStateException first = new IllegalStateException("first type");
    Script firstScript = Script.alwaysFailing(first);
    assertEquals(
        3,
        callsUntilRethrown(
            IllegalStateException.class,
            first,
            firstScript,
            client(firstScript)::twoIncludedNoExclusion));
    assertEquals(asList(10L, 10L), clock.sleeps());

    UnsupportedOperationException second = new UnsupportedOperationException("second type");
    Script secondScript = Script.alwaysFailing(second);
    assertEquals(
        3,
        callsUntilRethrown(
            UnsupportedOperationException.class,
            second,
            secondScript,
            client(secondScript)::twoIncludedNoExclusion));
  }

  @Test
  void noRetryForWithDefaultRetryFor() {
    IllegalArgumentException excluded = new IllegalArgumentException("excluded");
    Script excludedScript = Script.alwaysFailing(excluded);
    assertEquals(
        1,
        callsUntilRethrown(
            IllegalArgumentException.class,
            excluded,
            excludedScript,
            client(excludedScript)::allExceptionsButIllegalArgument));

    IOException io = new IOException("retried");
    Script ioScript = Script.alwaysFailing(io);
    assertEquals(
        3,
        callsUntilRethrown(
            IOException.class, io, ioScript, client(ioScript)::allExceptionsButIllegalArgument));
  }

  @Test
  void retryForThrowableWithErrorExcluded() {
    AssertionError error = new AssertionError("excluded");
    Script errorScript = Script.alwaysFailing(error);
    assertEquals(
        1,
        callsUntilRethrown(
            AssertionError.class, error, errorScript, client(errorScript)::throwableButNotError));

    IOException io = new IOException("retried");
    Script ioScript = Script.alwaysFailing(io);
    assertEquals(
        3,
        callsUntilRethrown(
            IOException.class, io, ioScript, client(ioScript)::throwableButNotError));
  }

  @Test
  void maxAttemptsOneCallsOnce() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    FailureClient client = client(script);

    assertEquals(1, callsUntilRethrown(IOException.class, failure, script, client::once));
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void theLastFailureIsRethrownNotTheFirst() {
    IOException first = new IOException("first");
    IOException second = new IOException("second");
    IOException third = new IOException("third");
    Script script = Script.failing(first, second, third, new IOException("never reached"));

    IOException thrown = assertThrows(IOException.class, () -> client(script).byDefault());

    assertSame(third, thrown);
    assertEquals(3, script.calls());
  }

  @Test
  void aNonRetryableFailureAfterRetriesStopsAtOnce() {
    IOException first = new IOException("retried");
    IllegalStateException second = new IllegalStateException("not I/O");
    Script script = Script.failing(first, second);

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> client(script).onlyIo());

    assertSame(second, thrown);
    assertEquals(2, script.calls());
    assertEquals(asList(10L), clock.sleeps());
  }

  /** Every method runs the script. */
  static final class ScriptedFailureClient implements FailureClient {
    private final Script script;

    ScriptedFailureClient(Script script) {
      this.script = script;
    }

    @Override
    public void byDefault() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void onlyIo() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void errors() {
      script.call();
    }

    @Override
    public void everything() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void ioButNotFileNotFound() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void fileNotFoundExcludedBySupertype() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void several() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void twoIncludedNoExclusion() {
      script.call();
    }

    @Override
    public void allExceptionsButIllegalArgument() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void throwableButNotError() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void once() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void assertionErrors() {
      script.call();
    }
  }
}
