package io.retrygen.runtime.internal;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;

/**
 * The future an {@link AsyncCall} returns. Its public completions (cancel, complete,
 * completeExceptionally, and so orTimeout) end the call from outside; the runtime completes it
 * through {@link #settle} and {@link #settleExceptionally} only. A separate object from the call,
 * whose hooks are an anonymous subclass in generated code: a subclass of {@code
 * CompletableFuture} there would inherit {@code Future.State} (Java 19+), which hides a user type
 * named {@code State} in the hooks' signatures.
 *
 * @param <T> the value of the call
 */
@Api24
final class CallFuture<T> extends CompletableFuture<T> {
  private final CallState<T> call;

  CallFuture(CallState<T> call) {
    this.call = call;
  }

  /**
   * Cancels the call: no further attempt starts, the attempt or recovery in flight is cancelled
   * when it is a {@link Future}, and the listeners get {@code onFailure} with a {@link
   * CancellationException} and the reason {@code CANCELLED}, unless the call had already ended.
   */
  @Override
  public boolean cancel(final boolean mayInterruptIfRunning) {
    return call.endFromOutside(
        new CancellationException(),
        mayInterruptIfRunning,
        new Completion() {
          @Override
          public boolean run() {
            return CallFuture.super.cancel(mayInterruptIfRunning);
          }
        });
  }

  /**
   * Completes the call from outside with {@code value}, unless it had ended: as {@code cancel},
   * and the listeners get {@code onSuccess}.
   */
  @Override
  public boolean complete(final T value) {
    return call.endFromOutside(
        null,
        false,
        new Completion() {
          @Override
          public boolean run() {
            return CallFuture.super.complete(value);
          }
        });
  }

  /**
   * Completes the call from outside with {@code failure} ({@code orTimeout} does), unless it had
   * ended: as {@code cancel}, and the listeners get {@code onFailure} with {@code failure} and the
   * reason {@code CANCELLED}: the caller abandoned the call.
   */
  @Override
  public boolean completeExceptionally(final Throwable failure) {
    if (failure == null) {
      throw new NullPointerException("failure == null");
    }
    return call.endFromOutside(
        failure,
        false,
        new Completion() {
          @Override
          public boolean run() {
            return CallFuture.super.completeExceptionally(failure);
          }
        });
  }

  /** Completes the call with its own outcome: a success or a recovery's value. */
  void settle(T value) {
    super.complete(value);
  }

  /** Completes the call with its own failure. */
  void settleExceptionally(Throwable failure) {
    super.completeExceptionally(failure);
  }

  /** What a completion from outside does to the future, once the call has been ended. */
  interface Completion {
    boolean run();
  }
}
