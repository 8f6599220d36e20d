package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Events, labels, elapsed time, and where listeners come from. */
class ListenerTest {
  private static final long MILLI = 1_000_000L;

  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();

  @BeforeEach
  void resetStaticListeners() {
    CountingListener.reset();
    SecondListener.instances = 0;
  }

  private RetryOptions options(RetryListener... listeners) {
    RetryOptions.Builder builder =
        RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom());
    for (RetryListener each : listeners) {
      builder.listener(each);
    }
    return builder.build();
  }

  private ListenedClient client(Script script) {
    return new ListenedClientRetrying(new ScriptedListenedClient(script), options(listener));
  }

  @Test
  void retriesThenSuccessWithElapsedTimeByTheTicker() throws IOException {
    IOException first = new IOException("1");
    IOException second = new IOException("2");
    Script script = Script.failing(first, second).taking(clock, 30);

    assertEquals("ok", client(script).plain());

    assertEquals(
        asList(
            "onRetry ListenedClient.plain #1 IOException delay=100 elapsedMs=30",
            "onRetry ListenedClient.plain #2 IOException delay=100 elapsedMs=160",
            "onSuccess ListenedClient.plain #3 - delay=0 elapsedMs=290"),
        listener.lines());
    assertSame(first, listener.events().get(0).failure());
    assertSame(second, listener.events().get(1).failure());
    assertNull(listener.events().get(2).failure());
  }

  @Test
  void retriesThenGivingUpEndsWithOneOnFailure() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure).taking(clock, 10);

    assertSame(failure, assertThrows(IOException.class, () -> client(script).plain()));

    assertEquals(
        asList(
            "onRetry ListenedClient.plain #1 IOException delay=100 elapsedMs=10",
            "onRetry ListenedClient.plain #2 IOException delay=100 elapsedMs=120",
            "onFailure ListenedClient.plain #3 IOException delay=0 elapsedMs=230"),
        listener.lines());
    assertSame(failure, listener.events().get(2).failure());
  }

  @Test
  void successOnTheFirstAttemptIsOneOnSuccess() throws IOException {
    Script script = Script.succeeding().taking(clock, 5);

    assertEquals("ok", client(script).plain());

    assertEquals(
        asList("onSuccess ListenedClient.plain #1 - delay=0 elapsedMs=5"), listener.lines());
  }

  @Test
  void nonRetryableFailureIsOneOnFailure() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);

    assertThrows(IllegalStateException.class, () -> client(script).plain());

    assertEquals(
        asList("onFailure ListenedClient.plain #1 IllegalStateException delay=0 elapsedMs=0"),
        listener.lines());
    assertSame(failure, listener.events().get(0).failure());
  }

  @Test
  void elapsedNanosAreExactAndStartAtTheFirstAttempt() throws IOException {
    clock.advanceBy(5_000); // time before the call does not count
    Script script = Script.failing(new IOException("1")).takingNanos(clock, 1_234_567L);

    client(script).plain();

    assertEquals(1_234_567L, listener.events().get(0).elapsedNanos());
    assertEquals(1_234_567L * 2 + 100 * MILLI, listener.events().get(1).elapsedNanos());
  }

  @Test
  void eachCallStartsItsOwnElapsedTime() throws IOException {
    ListenedClient client = client(Script.succeeding().taking(clock, 7));

    client.plain();
    client.plain();

    assertEquals(7 * MILLI, listener.events().get(0).elapsedNanos());
    assertEquals(7 * MILLI, listener.events().get(1).elapsedNanos());
  }

  @Test
  void customLabel() {
    Script script = Script.alwaysFailing(new IOException("down"));

    assertThrows(IOException.class, () -> client(script).custom());

    assertEquals(
        asList(
            "onRetry client:custom #1 IOException delay=100 elapsedMs=0",
            "onFailure client:custom #2 IOException delay=0 elapsedMs=100"),
        listener.lines());
  }

  @Test
  void defaultLabelOfANestedInterfaceIsRelativeToThePackage() throws IOException {
    Outer.Client client =
        new Outer_ClientRetrying(new ScriptedOuterClient(Script.succeeding()), options(listener));

    client.call();
    client.labelled();

    assertEquals(
        asList(
            "onSuccess Outer.Client.call #1 - delay=0 elapsedMs=0",
            "onSuccess custom-label #1 - delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void defaultLabelOfADoublyNestedClass() throws IOException {
    Script script = Script.failing(new IOException("1"));
    Outer.Mid.Service service = new Outer_Mid_ServiceRetrying(options(listener), script);

    assertEquals("served", service.serve());

    assertEquals(
        asList(
            "onRetry Outer.Mid.Service.serve #1 IOException delay=4 elapsedMs=0",
            "onSuccess Outer.Mid.Service.serve #2 - delay=0 elapsedMs=4"),
        listener.lines());
  }

  @Test
  void annotationListenerIsCreatedOncePerGeneratedInstance() throws IOException {
    ScriptedListenedClient delegate = new ScriptedListenedClient(Script.succeeding());

    ListenedClient client = new ListenedClientRetrying(delegate, options());
    assertEquals(1, CountingListener.instances); // first() and second() share one
    assertEquals(1, SecondListener.instances);

    client.first();
    client.second();
    client.first();
    assertEquals(1, CountingListener.instances);

    new ListenedClientRetrying(delegate);
    assertEquals(2, CountingListener.instances);
    assertEquals(2, SecondListener.instances);
  }

  @Test
  void annotationListenerOfASubclassIsCreatedOncePerInstance() {
    Script script = Script.failing(new IllegalStateException("1"));

    ListenedTask task = new ListenedTaskRetrying(script);
    assertEquals(1, CountingListener.instances);

    assertEquals("ran", task.run());
    assertEquals(1, CountingListener.instances);
    assertEquals(
        asList("counting:onRetry ListenedTask.run #1", "counting:onSuccess ListenedTask.run #2"),
        CountingListener.LOG);

    new ListenedTaskRetrying(options(), script);
    assertEquals(2, CountingListener.instances);
  }

  @Test
  void annotationListenersSeeOnlyTheirMethod() throws IOException {
    ListenedClient client =
        new ListenedClientRetrying(new ScriptedListenedClient(Script.succeeding()), options());

    client.plain();
    client.first();

    assertEquals(asList("counting:onSuccess ListenedClient.first #1"), CountingListener.LOG);
  }

  @Test
  void optionsListenersRunBeforeAnnotationListenersInTheirOrder() throws IOException {
    LogListener a = new LogListener("a", CountingListener.LOG);
    LogListener b = new LogListener("b", CountingListener.LOG);
    Script script = Script.failing(new IOException("1"));
    ListenedClient client =
        new ListenedClientRetrying(new ScriptedListenedClient(script), options(a, b));

    client.second();

    assertEquals(
        asList(
            "a:onRetry",
            "b:onRetry",
            "counting:onRetry ListenedClient.second #1",
            "second:onRetry ListenedClient.second #1",
            "a:onSuccess",
            "b:onSuccess",
            "counting:onSuccess ListenedClient.second #2",
            "second:onSuccess ListenedClient.second #2"),
        CountingListener.LOG);
  }

  @Test
  void throwingListenersDoNotChangeASuccess() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));
    ListenedClient client =
        new ListenedClientRetrying(
            new ScriptedListenedClient(script), options(new ThrowingListener(), listener));

    assertEquals("ok", client.throwing());

    assertEquals(3, script.calls());
    assertEquals(asList(100L, 100L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry ListenedClient.throwing #1 IOException delay=100 elapsedMs=0",
            "onRetry ListenedClient.throwing #2 IOException delay=100 elapsedMs=100",
            "onSuccess ListenedClient.throwing #3 - delay=0 elapsedMs=200"),
        listener.lines());
  }

  @Test
  void throwingListenersDoNotChangeAFailure() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    ListenedClient client =
        new ListenedClientRetrying(
            new ScriptedListenedClient(script), options(new ThrowingListener(), listener));

    IOException thrown = assertThrows(IOException.class, client::throwing);

    assertSame(failure, thrown);
    assertEquals(3, script.calls());
    assertEquals(asList(100L, 100L), clock.sleeps());
    assertEquals(3, listener.lines().size());
  }

  @Test
  void throwingListenerDoesNotChangeANonRetryableFailure() {
    IllegalStateException failure = new IllegalStateException("not I/O");
    Script script = Script.alwaysFailing(failure);
    ListenedClient client =
        new ListenedClientRetrying(new ScriptedListenedClient(script), options());

    assertSame(failure, assertThrows(IllegalStateException.class, client::throwing));
    assertEquals(1, script.calls());
  }

  @Test
  void withoutListenersNothingIsRecorded() throws IOException {
    List<String> none = new ArrayList<>();
    ListenedClient client =
        new ListenedClientRetrying(
            new ScriptedListenedClient(Script.failing(new IOException("1"))), options());

    assertEquals("ok", client.plain());

    assertEquals(none, listener.lines());
    assertEquals(Collections.<String>emptyList(), CountingListener.LOG);
  }

  @Test
  void delayMillisIsZeroWhenRetryingAtOnce() {
    Script script = Script.failing(new IllegalStateException("1"));
    ListenedTask task = new ListenedTaskRetrying(options(listener), script);

    task.run();

    RetryEvent retry = listener.events().get(0);
    assertEquals(0L, retry.delayMillis());
    assertEquals(1, retry.attempt());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void genericListenerClassIsCreatedOncePerInstanceAndCalled() {
    TaggedListener.instances = 0;
    Script script = Script.failing(new IllegalStateException("1"));

    TaggedClient client =
        new TaggedClientRetrying(
            () -> {
              script.call();
              return "tagged";
            },
            options());

    assertEquals("tagged", client.call());
    assertEquals(1, TaggedListener.instances);
    assertEquals(asList("tagged:onSuccess TaggedClient.call #2"), CountingListener.LOG);
  }

  static final class ScriptedListenedClient implements ListenedClient {
    private final Script script;

    ScriptedListenedClient(Script script) {
      this.script = script;
    }

    private String run() throws IOException {
      script.call(IOException.class);
      return "ok";
    }

    @Override
    public String first() throws IOException {
      return run();
    }

    @Override
    public String second() throws IOException {
      return run();
    }

    @Override
    public String throwing() throws IOException {
      return run();
    }

    @Override
    public String plain() throws IOException {
      return run();
    }

    @Override
    public String custom() throws IOException {
      return run();
    }
  }

  static final class ScriptedOuterClient implements Outer.Client {
    private final Script script;

    ScriptedOuterClient(Script script) {
      this.script = script;
    }

    @Override
    public String call() throws IOException {
      script.call(IOException.class);
      return "called";
    }

    @Override
    public String labelled() throws IOException {
      script.call(IOException.class);
      return "labelled";
    }
  }
}
