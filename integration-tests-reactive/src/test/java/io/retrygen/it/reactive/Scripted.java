package io.retrygen.it.reactive;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.function.Supplier;

/** What a fake dependency returns, call after call, and how often it was called. */
final class Scripted<P> {
  private final Deque<Supplier<P>> answers = new ArrayDeque<>();
  private Supplier<P> last;
  int calls;

  /** Answers the next call with what {@code answer} returns; the last one is repeated. */
  Scripted<P> then(Supplier<P> answer) {
    answers.add(answer);
    return this;
  }

  P next() {
    calls++;
    if (!answers.isEmpty()) {
      last = answers.remove();
    }
    if (last == null) {
      throw new AssertionError("nothing scripted for call " + calls);
    }
    return last.get();
  }
}
