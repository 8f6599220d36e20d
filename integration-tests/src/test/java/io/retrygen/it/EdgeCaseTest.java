package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.io.Serializable;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Signatures and hierarchies that are easy to get wrong in generated code. */
class EdgeCaseTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  /** Fails with the given failures in order, then returns "done". */
  private static <X extends Exception> Task<X> task(List<String> runs, List<X> failures) {
    List<X> remaining = new ArrayList<>(failures);
    return () -> {
      runs.add("run");
      if (!remaining.isEmpty()) {
        throw remaining.remove(0);
      }
      return "done";
    };
  }

  @Test
  void parametersNamedLikeGeneratedLocalsArePassedThrough() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));
    EdgeClient client = new EdgeClientRetrying(new ScriptedEdgeClient(script), options);

    assertEquals("7|f|9|r|11|13|d", client.clash(7, "f", 9L, "r", 11L, 13L, "d"));

    assertEquals(3, script.calls());
    assertEquals(asList(1L, 1L), clock.sleeps());
  }

  @Test
  void genericThrowsRetriesAndRethrowsTheTypeVariable() {
    IOException first = new IOException("1");
    IOException last = new IOException("3");
    List<String> runs = new ArrayList<>();
    EdgeClient client =
        new EdgeClientRetrying(new ScriptedEdgeClient(Script.succeeding()), options);
    Task<IOException> failing = task(runs, asList(first, new IOException("2"), last));

    IOException thrown = assertThrows(IOException.class, () -> client.perform(failing));

    assertSame(last, thrown);
    assertEquals(3, runs.size());
  }

  @Test
  void genericThrowsSucceedsAfterRetries() throws SQLException {
    List<String> runs = new ArrayList<>();
    EdgeClient client =
        new EdgeClientRetrying(new ScriptedEdgeClient(Script.succeeding()), options);

    assertEquals("done", client.perform(task(runs, asList(new SQLException("1")))));
    assertEquals(2, runs.size());
  }

  @Test
  @SuppressWarnings("deprecation")
  void deprecatedGuardedAndForwardedMethods() throws IOException {
    Script script = Script.failing(new IOException("1"));
    EdgeClient client = new EdgeClientRetrying(new ScriptedEdgeClient(script), options);

    assertEquals("legacy", client.legacy());
    assertEquals("legacy plain", client.legacyPlain());

    assertEquals(3, script.calls());
  }

  @Test
  void deprecatedMethodsKeepDeprecatedInTheGeneratedClass() throws NoSuchMethodException {
    assertTrue(EdgeClientRetrying.class.getMethod("legacy").isAnnotationPresent(Deprecated.class));
    assertTrue(
        EdgeClientRetrying.class.getMethod("legacyPlain").isAnnotationPresent(Deprecated.class));
  }

  @Test
  void constructorParameterCalledOptionsDoesNotClash() throws IOException {
    Script script = Script.failing(new IOException("1"));
    Session session = new SessionRetrying(options, "opts", script);
    Session plain = new SessionRetrying("plain opts", Script.succeeding());

    assertEquals("opts", session.options);
    assertEquals("plain opts", plain.options);
    assertEquals("arb", session.clash("a", "r", "b"));
    assertEquals(2, script.calls());
    assertEquals(asList(2L), clock.sleeps());
  }

  @Test
  void serializableClassSubclassIsSerializableAndGenericThrowsWorks() throws IOException {
    List<String> runs = new ArrayList<>();
    Session session = new SessionRetrying(options, "opts", Script.succeeding());

    assertTrue(session instanceof Serializable);
    IOException last = new IOException("3");
    Task<IOException> failing =
        task(runs, asList(new IOException("1"), new IOException("2"), last));
    assertSame(last, assertThrows(IOException.class, () -> session.perform(failing)));
    assertEquals(3, runs.size());
    assertEquals(asList(2L, 2L), clock.sleeps());
  }

  @Test
  void inheritedMethodsOfAParameterizedSuperinterfaceAreResolvedAndGuarded() throws IOException {
    Script script = Script.failing(new IllegalStateException("1"), new IllegalStateException("2"));
    TextRepository repository = new TextRepositoryRetrying(new Texts(script), options);

    String found = repository.find("key");

    assertEquals("value of key", found);
    assertEquals(3, script.calls());
    assertEquals("TextRepository.find", listener.events().get(0).label());
  }

  @Test
  void ownMethodOfTheChildOfAParameterizedInterface() {
    Script script = Script.failing(new IllegalStateException("1"));
    TextRepository repository = new TextRepositoryRetrying(new Texts(script), options);

    assertEquals("HEY", repository.shout("hey"));
    assertEquals(2, script.calls());
  }

  @Test
  void inheritedGuardedMethodOfAParameterizedSuperclass() {
    Script script = Script.failing(new IllegalStateException("1"), new IllegalStateException("2"));
    IntBox box = new IntBoxRetrying(options, script, asList(4, 5));

    Integer first = box.first();

    assertEquals(Integer.valueOf(4), first);
    assertEquals(3, script.calls());
  }

  @Test
  void ownMethodOfTheSubclassOfAParameterizedClass() {
    Script script = Script.alwaysFailing(new IllegalStateException("down"));
    IntBox box = new IntBoxRetrying(options, script, asList(4, 5));

    assertThrows(IllegalStateException.class, box::sum);
    assertEquals(2, script.calls());
  }

  @Test
  void inheritedDefaultMethodOfAClassInputIsGuardedByTheTypeLevel() {
    Script script = Script.failing(new IllegalStateException("1"), new IllegalStateException("2"));
    GreeterService service = new GreeterServiceRetrying(options, script);

    assertEquals("hello ann", service.greet("ann"));

    assertEquals(3, script.calls());
    assertEquals("GreeterService.greet", listener.events().get(0).label());
  }

  @Test
  void typeLevelNoRetryForAppliesToTheInheritedDefaultMethod() {
    UnsupportedOperationException failure = new UnsupportedOperationException("no");
    Script script = Script.alwaysFailing(failure);
    GreeterService service = new GreeterServiceRetrying(options, script);

    assertSame(
        failure, assertThrows(UnsupportedOperationException.class, () -> service.greet("ann")));
    assertEquals(1, script.calls());
  }

  static final class ScriptedEdgeClient implements EdgeClient {
    private final Script script;

    ScriptedEdgeClient(Script script) {
      this.script = script;
    }

    @Override
    public String clash(
        int attempt,
        String failure,
        long retrier,
        Object result,
        long delayMillis,
        long startNanos,
        String delegate)
        throws IOException {
      script.call(IOException.class);
      return attempt + "|" + failure + "|" + retrier + "|" + result + "|" + delayMillis + "|"
          + startNanos + "|" + delegate;
    }

    @Override
    public <X extends Exception> String perform(Task<X> task) throws X {
      script.call();
      return task.run();
    }

    @Override
    @Deprecated
    public String legacy() throws IOException {
      script.call(IOException.class);
      return "legacy";
    }

    @Override
    @Deprecated
    public String legacyPlain() {
      script.call();
      return "legacy plain";
    }
  }

  /** Values are "value of " + key; shout upper-cases. */
  static final class Texts implements TextRepository {
    private final Script script;

    Texts(Script script) {
      this.script = script;
    }

    @Override
    public String shout(String text) {
      script.call();
      return text.toUpperCase(java.util.Locale.ROOT);
    }

    @Override
    public String find(String key) {
      script.call();
      return "value of " + key;
    }

    @Override
    public List<String> findAll(java.util.Collection<? extends String> keys) {
      throw new UnsupportedOperationException();
    }

    @Override
    public <N extends Number & Comparable<N>> N largest(List<N> numbers) {
      throw new UnsupportedOperationException();
    }

    @Override
    public int sum(int... values) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String join(String separator, String... parts) {
      throw new UnsupportedOperationException();
    }

    @Override
    public void store(String key, String value) {
      throw new UnsupportedOperationException();
    }

    @Override
    public long mix(
        boolean flag, char letter, byte small, short medium, float ratio, double precise) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String describe(int number) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String describe(String text) {
      throw new UnsupportedOperationException();
    }

    @Override
    public String describe(String text, int times) {
      throw new UnsupportedOperationException();
    }
  }
}
