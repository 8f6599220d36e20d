package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code retryIf}: a failure is retried only when it passes retryFor/noRetryFor, is a {@code T}
 * and the predicate returns true; the predicate is not consulted when no attempt remains.
 */
class RetryIfTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  private static List<Throwable> none() {
    return Collections.<Throwable>emptyList();
  }

  // --- instance predicate, a default method called on the delegate: PredicateClient.read

  @Test
  void acceptedFailureIsRetriedAndThePredicateGetsTheSameInstance() throws IOException {
    IOException first = new IOException("busy");
    IOException second = new IOException("busy again");
    Script script = Script.failing(first, second);
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    assertEquals("read /a", new PredicateClientRetrying(delegate, options).read("/a"));

    assertEquals(3, script.calls());
    assertEquals(asList(10L, 10L), clock.sleeps());
    assertEquals(2, delegate.consulted.size());
    assertSame(first, delegate.consulted.get(0));
    assertSame(second, delegate.consulted.get(1));
  }

  @Test
  void predicateIsNotConsultedWhenNoAttemptRemains() {
    IOException failure = new IOException("busy");
    Script script = Script.alwaysFailing(failure);
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    IOException thrown =
        assertThrows(
            IOException.class, () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(failure, thrown);
    assertEquals(3, script.calls());
    assertEquals(2, delegate.consulted.size());
    assertEquals(asList(10L, 10L), clock.sleeps());
  }

  @Test
  void rejectedFailureIsNotRetried() {
    IOException failure = new IOException("permanent");
    Script script = Script.failing(failure, new IOException("never reached"));
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    IOException thrown =
        assertThrows(
            IOException.class, () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(asList(failure), delegate.consulted);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure PredicateClient.read #1 IOException delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void rejectionAfterAcceptedRetriesStopsThere() {
    IOException permanent = new IOException("permanent");
    Script script = Script.failing(new IOException("busy"), permanent, new IOException("never"));
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    IOException thrown =
        assertThrows(
            IOException.class, () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(permanent, thrown);
    assertEquals(2, script.calls());
    assertEquals(2, delegate.consulted.size());
    assertEquals(asList(10L), clock.sleeps());
  }

  @Test
  void failureThatIsNotATIsNotRetriedEvenThoughRetryForMatches() {
    // retryFor defaults to Exception, which matches; the predicate takes IOException
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    IllegalStateException thrown =
        assertThrows(
            IllegalStateException.class,
            () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(none(), delegate.consulted);
  }

  @Test
  void excludedFailureIsNotRetriedAndThePredicateNotAsked() {
    // a FileNotFoundException is an IOException the predicate would accept
    FileNotFoundException failure = new FileNotFoundException("gone");
    Script script = Script.alwaysFailing(failure);
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    FileNotFoundException thrown =
        assertThrows(
            FileNotFoundException.class,
            () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(none(), delegate.consulted);
  }

  @Test
  void errorOutsideRetryForIsNotRetried() {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    ScriptedPredicateClient delegate = new ScriptedPredicateClient(script);

    SimulatedError thrown =
        assertThrows(
            SimulatedError.class, () -> new PredicateClientRetrying(delegate, options).read("/a"));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
    assertEquals(none(), delegate.consulted);
  }

  // --- static predicate taking Throwable: PredicateClient.write, 4 attempts, 20 ms

  @Test
  void staticPredicateAcceptsAndRejectsByMessage() throws IOException {
    Script accepted =
        Script.failing(new IOException("retry 1"), new IllegalStateException("retry 2"));
    assertEquals(
        "wrote /w",
        new PredicateClientRetrying(new ScriptedPredicateClient(accepted), options).write("/w"));
    assertEquals(3, accepted.calls());
    assertEquals(asList(20L, 20L), clock.sleeps());

    IOException stop = new IOException("stop");
    Script rejected = Script.failing(new IOException("retry"), stop, new IOException("retry"));
    PredicateClient client =
        new PredicateClientRetrying(new ScriptedPredicateClient(rejected), options);
    assertSame(stop, assertThrows(IOException.class, () -> client.write("/w")));
    assertEquals(2, rejected.calls());
    assertEquals(asList(20L, 20L, 20L), clock.sleeps());
  }

  @Test
  void staticPredicateRetriesUntilAttemptsRunOut() {
    IOException failure = new IOException("retry forever");
    Script script = Script.alwaysFailing(failure);
    PredicateClient client =
        new PredicateClientRetrying(new ScriptedPredicateClient(script), options);

    assertSame(failure, assertThrows(IOException.class, () -> client.write("/w")));

    assertEquals(4, script.calls());
    assertEquals(asList(20L, 20L, 20L), clock.sleeps());
  }

  // --- predicates declared in a superclass of a class input: PredicateService

  @Test
  void instancePredicateOfTheSuperclassIsConsultedOnTheInstance() {
    IllegalStateException busy = new IllegalStateException("busy");
    Script script = Script.failing(busy, busy);
    PredicateService service = new PredicateServiceRetrying(options, script);

    assertEquals("submitted job", service.submit("job"));

    assertEquals(3, script.calls());
    assertEquals(asList(7L, 7L), clock.sleeps());
    assertEquals(asList(busy, busy), service.consulted);
  }

  @Test
  void instancePredicateOfTheSuperclassIsNotConsultedOnTheLastAttempt() {
    IllegalStateException busy = new IllegalStateException("busy");
    Script script = Script.alwaysFailing(busy);
    PredicateService service = new PredicateServiceRetrying(options, script);

    assertSame(busy, assertThrows(IllegalStateException.class, () -> service.submit("job")));

    assertEquals(3, script.calls());
    assertEquals(2, service.consulted.size());
  }

  @Test
  void instancePredicateOfTheSuperclassRejects() {
    IllegalStateException closed = new IllegalStateException("closed");
    Script script = Script.alwaysFailing(closed);
    PredicateService service = new PredicateServiceRetrying(options, script);

    assertSame(closed, assertThrows(IllegalStateException.class, () -> service.submit("job")));

    assertEquals(1, script.calls());
    assertEquals(asList(closed), service.consulted);
  }

  @Test
  void failureThatIsNotTheSuperclassPredicatesTIsNotRetried() {
    IllegalArgumentException failure = new IllegalArgumentException("busy");
    Script script = Script.alwaysFailing(failure);
    PredicateService service = new PredicateServiceRetrying(options, script);

    assertSame(
        failure, assertThrows(IllegalArgumentException.class, () -> service.submit("job")));

    assertEquals(1, script.calls());
    assertEquals(none(), service.consulted);
  }

  @Test
  void staticPredicateOfTheSuperclass() {
    Script retried = Script.failing(new IllegalArgumentException("timeout"));
    assertEquals("cancelled job", new PredicateServiceRetrying(options, retried).cancel("job"));
    assertEquals(2, retried.calls());
    assertEquals(asList(7L), clock.sleeps());

    IllegalArgumentException refused = new IllegalArgumentException("refused");
    Script notRetried = Script.alwaysFailing(refused);
    PredicateService service = new PredicateServiceRetrying(options, notRetried);
    assertSame(
        refused, assertThrows(IllegalArgumentException.class, () -> service.cancel("job")));
    assertEquals(1, notRetried.calls());
    assertEquals(asList(7L), clock.sleeps());
  }

  /** Runs the script; records every call of its predicate, which is called on it. */
  static final class ScriptedPredicateClient implements PredicateClient {
    private final Script script;
    final List<Throwable> consulted = new ArrayList<>();

    ScriptedPredicateClient(Script script) {
      this.script = script;
    }

    @Override
    public String read(String path) throws IOException {
      script.call(IOException.class);
      return "read " + path;
    }

    @Override
    public String write(String path) throws IOException {
      script.call(IOException.class);
      return "wrote " + path;
    }

    @Override
    public boolean isTransient(IOException failure) {
      consulted.add(failure);
      return PredicateClient.super.isTransient(failure);
    }
  }
}
