package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.Sleeper;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SPEC §3, "User code that throws": when retryIf, retryOnResult or the Sleeper throws, the call
 * ends at once with that exception, not retried and not recovered, and the listeners get exactly
 * one onFailure with it, for the attempt that had just ended.
 */
class ThrowingUserCodeTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();

  private FragileClient client(ScriptedFragileClient delegate, Sleeper sleeper) {
    RetryOptions options =
        RetryOptions.builder()
            .sleeper(sleeper)
            .ticker(clock)
            .random(new QueueRandom())
            .listener(listener)
            .build();
    return new FragileClientRetrying(delegate, options);
  }

  private FragileClient client(ScriptedFragileClient delegate) {
    return client(delegate, clock);
  }

  private static List<String> none() {
    return Collections.<String>emptyList();
  }

  @Test
  void retryIfThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    IllegalStateException broken = new IllegalStateException("predicate broke");
    Script script = Script.alwaysFailing(new IOException("down"));
    ScriptedFragileClient delegate = new ScriptedFragileClient(script);
    delegate.retryIfAnswers.add(broken);

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> client(delegate).read("k"));

    assertSame(broken, thrown);
    assertEquals(1, script.calls());
    assertEquals(none(), delegate.recoveries);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure FragileClient.read #1 IllegalStateException delay=0 elapsedMs=0"),
        listener.lines());
    assertSame(broken, listener.events().get(0).failure());
  }

  @Test
  void retryIfThatThrowsOnTheSecondAttemptReportsThatAttempt() {
    IllegalStateException broken = new IllegalStateException("predicate broke");
    Script script = Script.alwaysFailing(new IOException("down"));
    ScriptedFragileClient delegate = new ScriptedFragileClient(script);
    delegate.retryIfAnswers.add(Boolean.TRUE);
    delegate.retryIfAnswers.add(broken);

    assertSame(broken, assertThrows(IllegalStateException.class, () -> client(delegate).read("k")));

    assertEquals(2, script.calls());
    assertEquals(none(), delegate.recoveries);
    assertEquals(asList(10L), clock.sleeps());
    assertEquals(
        asList(
            "onRetry FragileClient.read #1 IOException delay=10 elapsedMs=0",
            "onFailure FragileClient.read #2 IllegalStateException delay=0 elapsedMs=10"),
        listener.lines());
    assertSame(broken, listener.events().get(1).failure());
  }

  @Test
  void retryOnResultThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    IllegalStateException broken = new IllegalStateException("result predicate broke");
    Script script = Script.succeeding();
    ScriptedFragileClient delegate =
        new ScriptedFragileClient(script).returning("pending", "never reached");
    delegate.isPendingFailure = broken;

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> client(delegate).status("k"));

    assertSame(broken, thrown);
    assertEquals(1, script.calls());
    assertEquals(none(), delegate.recoveries);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
    assertEquals(
        asList("onFailure FragileClient.status #1 IllegalStateException delay=0 elapsedMs=0"),
        listener.lines());
    assertSame(broken, listener.events().get(0).failure());
  }

  @Test
  void sleeperThatThrowsEndsTheCallWithItsExceptionUnrecovered() {
    IllegalStateException broken = new IllegalStateException("sleeper broke");
    List<Long> sleeps = new ArrayList<>();
    Sleeper throwing =
        millis -> {
          sleeps.add(millis);
          throw broken;
        };
    Script script = Script.alwaysFailing(new IOException("down"));
    ScriptedFragileClient delegate = new ScriptedFragileClient(script);

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> client(delegate, throwing).write("k"));

    assertSame(broken, thrown);
    assertEquals(1, script.calls());
    assertEquals(asList(10L), sleeps);
    assertEquals(none(), delegate.recoveries);
    assertEquals(
        asList(
            "onRetry FragileClient.write #1 IOException delay=10 elapsedMs=0",
            "onFailure FragileClient.write #1 IllegalStateException delay=0 elapsedMs=0"),
        listener.lines());
    assertSame(broken, listener.events().get(1).failure());
  }

  @Test
  void workingUserCodeStillRecoversAsUsual() throws IOException {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    ScriptedFragileClient delegate = new ScriptedFragileClient(script);

    assertEquals("fallback k", client(delegate).write("k"));

    assertEquals(3, script.calls());
    assertEquals(asList("fallback IOException"), delegate.recoveries);
  }

  /**
   * Runs the script; its retryIf answers (or throws) as queued, true once the queue is empty; its
   * retryOnResult throws when told to. Records its recoveries.
   */
  static final class ScriptedFragileClient implements FragileClient {
    private final Script script;
    private final Deque<String> statuses = new ArrayDeque<>();
    /** Boolean answers or RuntimeExceptions to throw, in order. */
    final Deque<Object> retryIfAnswers = new ArrayDeque<>();
    RuntimeException isPendingFailure;
    final List<String> recoveries = new ArrayList<>();

    ScriptedFragileClient(Script script) {
      this.script = script;
    }

    ScriptedFragileClient returning(String... statuses) {
      this.statuses.addAll(Arrays.asList(statuses));
      return this;
    }

    @Override
    public String read(String key) throws IOException {
      script.call(IOException.class);
      return "read " + key;
    }

    @Override
    public String status(String key) throws IOException {
      script.call(IOException.class);
      String status = statuses.poll();
      if (status == null) {
        throw new AssertionError("more calls than the test scripted results for");
      }
      return status;
    }

    @Override
    public String write(String key) throws IOException {
      script.call(IOException.class);
      return "wrote " + key;
    }

    @Override
    public String fallback(Throwable failure, String key) {
      recoveries.add("fallback " + failure.getClass().getSimpleName());
      return FragileClient.super.fallback(failure, key);
    }

    @Override
    public boolean shouldRetry(Exception failure) {
      Object answer = retryIfAnswers.poll();
      if (answer instanceof RuntimeException) {
        throw (RuntimeException) answer;
      }
      return answer == null || (Boolean) answer;
    }

    @Override
    public boolean isPending(String status) {
      if (isPendingFailure != null) {
        throw isPendingFailure;
      }
      return FragileClient.super.isPending(status);
    }
  }
}
