package io.retrygen.runtime.testing;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Records the events of the breakers whose name starts with a prefix, as {@code "name:FROM>TO"}
 * and {@code "name:refused"}. Thread-safe.
 */
public final class RecordingBreakerListener implements CircuitBreakerListener {
  private final String prefix;
  private final List<String> events = Collections.synchronizedList(new ArrayList<String>());

  public RecordingBreakerListener(String prefix) {
    this.prefix = prefix;
  }

  @Override
  public void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
    if (name.startsWith(prefix)) {
      events.add(name + ":" + from + ">" + to);
    }
  }

  @Override
  public void onCallNotPermitted(String name) {
    if (name.startsWith(prefix)) {
      events.add(name + ":refused");
    }
  }

  public List<String> events() {
    synchronized (events) {
      return new ArrayList<String>(events);
    }
  }

  public int count(String event) {
    return Collections.frequency(events(), event);
  }
}
