package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/**
 * Stateful review input: a type-level {@code @Retryable(stateful = true)} over overloads that
 * share their default label, a generic method, a method of the type's parameter, primitives and
 * no parameters (SPEC §19: the key is the argument list).
 */
@Retryable(stateful = true, maxAttempts = 2, backoff = @Backoff(delay = 0))
public interface ReviewInbox<M> {
  void take(String id);

  void take(CharSequence id);

  <T> T handle(T message);

  void consume(M message);

  void none();

  int primitives(long x, char c, boolean b);
}
