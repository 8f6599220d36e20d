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
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Generic inputs, varargs, primitives, void and overloads. */
class GenericsTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();

  private static IllegalStateException fail(String message) {
    return new IllegalStateException(message);
  }

  @Test
  void genericReturnAndParameter() throws IOException {
    Script script = Script.failing(fail("1"), fail("2"));
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    Integer found = repository.find("abc");

    assertEquals(Integer.valueOf(3), found);
    assertEquals(3, script.calls());
  }

  @Test
  void wildcardParameterAndGenericList() {
    Script script = Script.failing(fail("1"));
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    assertEquals(asList(1, 2), repository.findAll(asList("a", "bb")));
    assertEquals(2, script.calls());
  }

  @Test
  void genericMethodWithIntersectionBound() {
    Script script = Script.failing(fail("1"), fail("2"));
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    Long largest = repository.largest(asList(3L, 9L, 4L));

    assertEquals(Long.valueOf(9), largest);
    assertEquals(3, script.calls());
  }

  @Test
  void primitiveVarargsArePassedOnEveryAttempt() {
    Script script = Script.failing(fail("1"), fail("2"));
    MapRepository delegate = new MapRepository(script);
    Repository<String, Integer> repository = new RepositoryRetrying<>(delegate, options);

    assertEquals(6, repository.sum(1, 2, 3));
    assertEquals(0, repository.sum());

    assertEquals(4, script.calls());
  }

  @Test
  void objectVarargsAfterAnotherParameter() {
    Script script = Script.failing(fail("1"));
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    assertEquals("a-b-c", repository.join("-", "a", "b", "c"));
    assertEquals(2, script.calls());
  }

  @Test
  void voidMethodIsRetriedAndRunsItsEffectOnce() {
    Script script = Script.failing(fail("1"), fail("2"));
    MapRepository delegate = new MapRepository(script);
    Repository<String, Integer> repository = new RepositoryRetrying<>(delegate, options);

    repository.store("k", 42);

    assertEquals(3, script.calls());
    assertEquals(asList("k=42"), delegate.stored);
  }

  @Test
  void voidMethodGivesUpWithTheSameFailure() {
    IllegalStateException failure = fail("down");
    Script script = Script.alwaysFailing(failure);
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    assertSame(failure, assertThrows(IllegalStateException.class, () -> repository.store("k", 1)));
    assertEquals(3, script.calls());
  }

  @Test
  void everyPrimitiveParameterTypeAndAPrimitiveReturn() {
    Script script = Script.failing(fail("1"));
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(script), options);

    long mixed = repository.mix(true, 'A', (byte) 2, (short) 3, 0.5f, 0.25);

    // 1 + 65 + 2 + 3 + (long) (100 * (0.5 + 0.25))
    assertEquals(146L, mixed);
    assertEquals(2, script.calls());
  }

  @Test
  void overloadsHaveTheirOwnAnnotationAndRetrier() {
    IllegalStateException failure = fail("down");
    Script intScript = Script.alwaysFailing(failure);
    Script stringScript = Script.alwaysFailing(failure);
    Script twoScript = Script.alwaysFailing(failure);

    assertThrows(
        IllegalStateException.class,
        () -> new RepositoryRetrying<>(new MapRepository(intScript), options).describe(1));
    assertThrows(
        IllegalStateException.class,
        () -> new RepositoryRetrying<>(new MapRepository(stringScript), options).describe("x"));
    assertThrows(
        IllegalStateException.class,
        () -> new RepositoryRetrying<>(new MapRepository(twoScript), options).describe("x", 2));

    assertEquals(2, intScript.calls());
    assertEquals(4, stringScript.calls());
    assertEquals(3, twoScript.calls());
  }

  @Test
  void overloadsShareTheLabel() {
    Repository<String, Integer> repository =
        new RepositoryRetrying<>(new MapRepository(Script.succeeding()), options);

    assertEquals("int 1", repository.describe(1));
    assertEquals("text x", repository.describe("x"));
    assertEquals("text x x 2", repository.describe("x", 2));

    assertEquals(
        asList(
            "onSuccess Repository.describe #1 - delay=0 elapsedMs=0",
            "onSuccess Repository.describe #1 - delay=0 elapsedMs=0",
            "onSuccess Repository.describe #1 - delay=0 elapsedMs=0"),
        listener.lines());
  }

  @Test
  void overloadsHaveOneRetrierFieldEach() {
    int retriers = 0;
    for (Field field : RepositoryRetrying.class.getDeclaredFields()) {
      if (field.getType().getSimpleName().equals("Retrier")) {
        retriers++;
      }
    }
    // find, findAll, largest, sum, join, store, mix and three describe overloads
    assertEquals(10, retriers);
  }

  @Test
  void generatedDelegateKeepsTheTypeParametersAndBounds() {
    TypeVariable<?>[] parameters = RepositoryRetrying.class.getTypeParameters();

    assertEquals(2, parameters.length);
    assertEquals("K", parameters[0].getName());
    assertEquals("java.lang.Comparable<K>", parameters[0].getBounds()[0].getTypeName());
    assertEquals("V", parameters[1].getName());
  }

  @Test
  void varargsStayVarargs() throws NoSuchMethodException {
    Method sum = RepositoryRetrying.class.getMethod("sum", int[].class);
    Method join = RepositoryRetrying.class.getMethod("join", String.class, String[].class);
    Method total = BoxRetrying.class.getMethod("total", double[].class);

    assertTrue(sum.isVarArgs());
    assertTrue(join.isVarArgs());
    assertTrue(total.isVarArgs());
  }

  @Test
  void genericClassMethodReturningTheTypeParameter() {
    Script script = Script.failing(fail("1"), fail("2"));
    Box<Integer> box = new BoxRetrying<>(options, script, asList(7, 8));

    Integer first = box.first();

    assertEquals(Integer.valueOf(7), first);
    assertEquals(3, script.calls());
  }

  @Test
  void genericClassGenericMethodWithWildcardBound() {
    Script script = Script.failing(fail("1"));
    Box<Integer> box = new BoxRetrying<>(options, script, asList(7, 8));

    List<Number> target = box.drainTo(new ArrayList<Number>());
    Collection<Object> objects = box.drainTo(new ArrayList<Object>());

    assertEquals(asList(7, 8), target);
    assertEquals(asList(7, 8), objects);
    assertEquals(3, script.calls());
  }

  @Test
  void genericClassVarargsOfPrimitives() {
    Script script = Script.failing(fail("1"), fail("2"));
    Box<Double> box = new BoxRetrying<>(options, script, asList(0.5, 0.25));

    assertEquals(2.75, box.total(1.0, 1.0), 0.0);
    assertEquals(3, script.calls());
  }

  @Test
  void genericClassConstructorWithoutOptions() {
    Box<Long> box = new BoxRetrying<>(Script.failing(fail("1")), Collections.singletonList(5L));

    assertEquals(Long.valueOf(5), box.first());
  }

  @Test
  void generatedSubclassKeepsTheTypeParameterAndBound() {
    TypeVariable<?>[] parameters = BoxRetrying.class.getTypeParameters();

    assertEquals(1, parameters.length);
    assertEquals("T", parameters[0].getName());
    assertEquals(Number.class, parameters[0].getBounds()[0]);
  }

  /** A repository of string keys whose values are their lengths. */
  static final class MapRepository implements Repository<String, Integer> {
    final List<String> stored = new ArrayList<>();
    private final Script script;

    MapRepository(Script script) {
      this.script = script;
    }

    @Override
    public Integer find(String key) throws IOException {
      script.call(IOException.class);
      return key.length();
    }

    @Override
    public List<Integer> findAll(Collection<? extends String> keys) {
      script.call();
      List<Integer> values = new ArrayList<>();
      for (String key : keys) {
        values.add(key.length());
      }
      return values;
    }

    @Override
    public <N extends Number & Comparable<N>> N largest(List<N> numbers) {
      script.call();
      return Collections.max(numbers);
    }

    @Override
    public int sum(int... values) {
      script.call();
      int sum = 0;
      for (int value : values) {
        sum += value;
      }
      return sum;
    }

    @Override
    public String join(String separator, String... parts) {
      script.call();
      StringBuilder joined = new StringBuilder();
      for (String part : parts) {
        if (joined.length() > 0) {
          joined.append(separator);
        }
        joined.append(part);
      }
      return joined.toString();
    }

    @Override
    public void store(String key, Integer value) {
      script.call();
      stored.add(key + "=" + value);
    }

    @Override
    public long mix(
        boolean flag, char letter, byte small, short medium, float ratio, double precise) {
      script.call();
      return (flag ? 1 : 0) + letter + small + medium + (long) (100 * (ratio + precise));
    }

    @Override
    public String describe(int number) {
      script.call();
      return "int " + number;
    }

    @Override
    public String describe(String text) {
      script.call();
      return "text " + text;
    }

    @Override
    public String describe(String text, int times) {
      script.call();
      return "text " + text + " " + text + " " + times;
    }
  }
}
