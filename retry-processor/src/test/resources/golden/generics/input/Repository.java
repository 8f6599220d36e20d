package test;

import io.retrygen.Retryable;
import java.io.IOException;
import java.io.Serializable;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;

public interface Repository<K extends Comparable<K>, V extends Number & Serializable> {
  @Retryable(retryFor = {IOException.class, TimeoutException.class})
  V load(K key) throws IOException, TimeoutException;

  @Retryable
  @SuppressWarnings("unchecked")
  <C extends Collection<? super V>> C loadAll(C target, K... keys)
      throws IOException, InterruptedException;

  @Retryable
  Map<K, List<? extends V>> query(List<? super K> from, Map<String, ?> filter);

  @Retryable
  <X extends Exception> void each(Map<? extends K, ? super V> sink, Class<X> failure) throws X;

  @Retryable
  int tag(String first, String... rest) throws IOException, TimeoutException;
}
