package io.retrygen.it;

import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The delegate behind both sides of an equivalence scenario: every guarded method plays the next
 * step of one script (return a value, throw a throwable, or set the interrupt flag and then throw),
 * and records what it saw, so that the generated class and the template can be compared call by
 * call. {@link #isTransient} and {@link #fallback} record their arguments too.
 */
final class EquivalentDelegate implements EquivalentClient {
  /** {@link #isTransient} throws this for a failure whose message is "broken". */
  static final IllegalStateException BROKEN_PREDICATE = new IllegalStateException("predicate");

  private final List<Object> script;
  private final VirtualTime clock;
  private final long millisPerCall;
  /** One line per call: its number and the virtual time it started at. */
  final List<String> calls = new ArrayList<>();
  /** The thread of each call. */
  final List<Thread> threads = new ArrayList<>();
  /** What {@link #isTransient} and {@link #fallback} were asked, in order. */
  final List<String> consulted = new ArrayList<>();
  /** When set, {@link #fallback} throws it. */
  Throwable recoveryFailure;

  EquivalentDelegate(List<Object> script, VirtualTime clock, long millisPerCall) {
    this.script = new ArrayList<>(script);
    this.clock = clock;
    this.millisPerCall = millisPerCall;
  }

  /** A step that sets the calling thread's interrupt flag, then throws {@code failure}. */
  static Object interrupting(Throwable failure) {
    return Arrays.asList("interrupt", failure);
  }

  /** The next step: returns its value or throws its throwable, checked or not, as it is. */
  String next() {
    calls.add("#" + (calls.size() + 1) + " at " + clock.nanoTime() / 1_000_000L + " ms");
    threads.add(Thread.currentThread());
    clock.advanceBy(millisPerCall);
    if (script.isEmpty()) {
      throw new AssertionError("call " + calls.size() + " is beyond the script");
    }
    Object step = script.remove(0);
    if (step instanceof List) {
      Thread.currentThread().interrupt();
      step = ((List<?>) step).get(1);
    }
    if (step instanceof Throwable) {
      throw EquivalentDelegate.<RuntimeException>sneaky((Throwable) step);
    }
    return (String) step;
  }

  /**
   * The next step as a stage: a value completes it, a throwable fails it, and one wrapped by
   * {@link #thrownAtOnce} is thrown instead.
   */
  CompletableFuture<String> nextStage() {
    CompletableFuture<String> stage = new CompletableFuture<>();
    try {
      stage.complete(next());
    } catch (SynchronousThrow thrown) {
      throw EquivalentDelegate.<RuntimeException>sneaky(thrown.getCause());
    } catch (Throwable failure) {
      stage.completeExceptionally(failure);
    }
    return stage;
  }

  /** In an asynchronous script: the attempt throws {@code failure} instead of returning a stage. */
  static Throwable thrownAtOnce(Throwable failure) {
    return new SynchronousThrow(failure);
  }

  @SuppressWarnings("unchecked")
  private static <X extends Throwable> X sneaky(Throwable failure) throws X {
    throw (X) failure;
  }

  @Override
  public String byDefault() {
    return next();
  }

  @Override
  public String excludingSubtype() {
    return next();
  }

  @Override
  public String excludingSupertype() {
    return next();
  }

  @Override
  public String throwables() {
    return next();
  }

  @Override
  public String interruptions() {
    return next();
  }

  @Override
  public String timed() {
    return next();
  }

  @Override
  public String exponential() {
    return next();
  }

  @Override
  public String jittered() {
    return next();
  }

  @Override
  public String uniform() {
    return next();
  }

  @Override
  public String conditional() {
    return next();
  }

  @Override
  public String recovered(String key) {
    return next();
  }

  @Override
  public CompletableFuture<String> async() {
    return nextStage();
  }

  @Override
  public boolean isTransient(IOException failure) {
    consulted.add("isTransient(" + failure.getMessage() + ")");
    if ("broken".equals(failure.getMessage())) {
      throw BROKEN_PREDICATE;
    }
    return EquivalentClient.super.isTransient(failure);
  }

  @Override
  public String fallback(Throwable failure, String key) throws IOException {
    consulted.add("fallback(" + failure + ", " + key + ", interrupted="
        + Thread.currentThread().isInterrupted() + ")");
    if (recoveryFailure != null) {
      throw EquivalentDelegate.<IOException>sneaky(recoveryFailure);
    }
    return EquivalentClient.super.fallback(failure, key);
  }

  /** Marks a step of an asynchronous script that the attempt throws instead of returning. */
  private static final class SynchronousThrow extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SynchronousThrow(Throwable failure) {
      super(failure);
    }
  }
}
