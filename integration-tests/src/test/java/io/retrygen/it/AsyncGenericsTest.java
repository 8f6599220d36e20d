package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Asynchronous guarded methods whose futures are generic: they compile, retry and keep types. */
class AsyncGenericsTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .scheduler(clock)
          .listener(listener)
          .build();
  private final List<String> calls = new ArrayList<>();
  private final Map<Class<?>, Object> values = new HashMap<>();
  private final StageScript<Number> counts = new StageScript<>();
  private final StageScript<List<Map<String, ?>>> rows = new StageScript<>();

  private final AsyncGenericLoader loader =
      new AsyncGenericLoaderRetrying(
          new AsyncGenericLoader() {
            @Override
            public <T> CompletableFuture<T> load(Class<T> type) {
              calls.add("load " + type.getSimpleName());
              CompletableFuture<T> future = new CompletableFuture<>();
              if (Collections.frequency(calls, "load " + type.getSimpleName()) == 1) {
                future.completeExceptionally(new IOException("first " + type.getSimpleName()));
              } else {
                future.complete(type.cast(values.get(type)));
              }
              return future;
            }

            @Override
            public CompletionStage<? extends Number> count(String table) {
              return next(counts);
            }

            @Override
            public CompletableFuture<List<Map<String, ?>>> rows(String table) {
              return next(rows);
            }

            private <T> CompletableFuture<T> next(StageScript<T> script) {
              try {
                return script.next();
              } catch (IOException e) {
                throw new AssertionError(e);
              }
            }
          },
          options);

  @Test
  void genericMethodKeepsItsTypeArgument() {
    values.put(String.class, "text");
    values.put(Integer.class, 42);

    CompletableFuture<String> text = loader.load(String.class);
    CompletableFuture<Integer> number = loader.load(Integer.class);
    clock.runUntilIdle();

    String textValue = Outcomes.valueOf(text);
    int numberValue = Outcomes.valueOf(number);
    assertEquals("text", textValue);
    assertEquals(42, numberValue);
    assertEquals(
        asList("load String", "load Integer", "load String", "load Integer"), calls);
  }

  @Test
  void wildcardValueIsRetriedOnItsResult() {
    Long seven = 7L;
    counts.succeed(-5).succeed(seven);

    CompletionStage<? extends Number> stage = loader.count("t");
    clock.runUntilIdle();

    Number count = Outcomes.valueOf(stage);
    assertSame(seven, count);
    assertEquals(
        "onRetry AsyncGenericLoader.count #1 - delay=100 elapsedMs=0", listener.lines().get(0));
  }

  @Test
  void wildcardValueIsRecoveredWithAPrimitive() {
    counts.fail(new IllegalStateException("no table"));
    counts.fail(new IllegalStateException("no table"));

    CompletionStage<? extends Number> stage = loader.count("t");
    clock.runUntilIdle();

    assertEquals(-1L, Outcomes.valueOf(stage));
  }

  @Test
  void nestedParameterizedValue() {
    Map<String, Integer> row = new LinkedHashMap<>();
    row.put("id", 1);
    List<Map<String, ?>> table = Collections.<Map<String, ?>>singletonList(row);
    rows.fail(new IOException("1")).raise(new IllegalStateException("2")).succeed(table);

    CompletableFuture<List<Map<String, ?>>> future = loader.rows("t");
    clock.runUntilIdle();

    List<Map<String, ?>> result = Outcomes.valueOf(future);
    assertSame(table, result);
    assertEquals(1, result.get(0).get("id"));
  }

  // --- a generic class

  @Test
  void genericClassAndItsGenericMethod() {
    AsyncGenericRepository<String> repository =
        new AsyncGenericRepositoryRetrying<String>(options);

    CompletableFuture<String> max = repository.max(asList("b", "c", "a"));
    CompletableFuture<Map<String, Integer>> index =
        repository.index(asList("x", "yy"), String::length);
    clock.runUntilIdle();

    assertEquals("c", Outcomes.valueOf(max));
    Map<String, Integer> lengths = Outcomes.valueOf(index);
    assertEquals(Integer.valueOf(2), lengths.get("yy"));
    assertEquals(asList("max", "index", "max", "index"), repository.calls);
  }
}
