package io.retrygen.it;

import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakerState;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Records the events of the breakers it is told to watch, one line each; breakers of other tests
 * in the same process are ignored.
 */
final class RecordingBreakerListener implements CircuitBreakerListener {
  final List<String> lines = Collections.synchronizedList(new ArrayList<String>());
  private final Set<String> watched;

  RecordingBreakerListener(String... names) {
    this.watched = new HashSet<>(Arrays.asList(names));
  }

  @Override
  public void onStateChange(String name, CircuitBreakerState from, CircuitBreakerState to) {
    if (watched.contains(name)) {
      lines.add(name + " " + from + "->" + to);
    }
  }

  @Override
  public void onCallNotPermitted(String name) {
    if (watched.contains(name)) {
      lines.add(name + " refused");
    }
  }
}
