package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.Collection;
import java.util.List;

/** Generic interface with bounds, generic methods, varargs, primitives, void and overloads. */
@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 0))
interface Repository<K extends Comparable<K>, V> {

  V find(K key) throws IOException;

  List<V> findAll(Collection<? extends K> keys);

  <N extends Number & Comparable<N>> N largest(List<N> numbers);

  int sum(int... values);

  String join(String separator, String... parts);

  void store(K key, V value);

  long mix(boolean flag, char letter, byte small, short medium, float ratio, double precise);

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  String describe(int number);

  @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 0))
  String describe(String text);

  String describe(String text, int times);
}
