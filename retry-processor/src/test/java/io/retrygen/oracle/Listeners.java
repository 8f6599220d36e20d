package io.retrygen.oracle;

import io.retrygen.RetryEvent;
import io.retrygen.RetryListener;

/**
 * The retry listeners of the oracle. Each writes the events it hears into the trace of the case
 * running on its thread, under its tag: "opt" for the options' listener, "ann" and "thr" for the
 * classes a policy names in {@code @Retryable(listeners = ...)}; "thr" then throws, which must
 * change nothing.
 *
 * <p>Not retry-test's {@code RecordingListener}: {@code @Retryable(listeners = ...)} names these
 * classes, and they write into the trace of the case on their thread, beside everything else the
 * world sees, so that the order across listeners, waits and hooks is compared too.
 */
public final class Listeners {
  private Listeners() {}

  /** The class a tag stands for in {@code listeners = ...}. */
  static String className(String tag) {
    switch (tag) {
      case "ann": return "Recording";
      case "thr": return "Throwing";
      default: throw new IllegalArgumentException(tag);
    }
  }

  /** A new listener of that tag, for the templates (whose builder takes instances). */
  static RetryListener create(String tag) {
    return tag.equals("thr") ? new Throwing() : new Tagged(tag);
  }

  /** Records under its tag. */
  static class Tagged implements RetryListener {
    private final String tag;

    Tagged(String tag) {
      this.tag = tag;
    }

    @Override
    public void onRetry(RetryEvent event) {
      Hooks.event(tag, "onRetry", event);
    }

    @Override
    public void onSuccess(RetryEvent event) {
      Hooks.event(tag, "onSuccess", event);
    }

    @Override
    public void onFailure(RetryEvent event) {
      Hooks.event(tag, "onFailure", event);
    }
  }

  /** {@code listeners = Listeners.Recording.class}. */
  public static final class Recording extends Tagged {
    public Recording() {
      super("ann");
    }
  }

  /** {@code listeners = Listeners.Throwing.class}: records, then throws. */
  public static final class Throwing extends Tagged {
    public Throwing() {
      super("thr");
    }

    @Override
    public void onRetry(RetryEvent event) {
      super.onRetry(event);
      throw new Failures.UncheckedA("listener");
    }

    @Override
    public void onSuccess(RetryEvent event) {
      super.onSuccess(event);
      throw new Failures.UncheckedA("listener");
    }

    @Override
    public void onFailure(RetryEvent event) {
      super.onFailure(event);
      throw new Failures.UncheckedA("listener");
    }
  }
}
