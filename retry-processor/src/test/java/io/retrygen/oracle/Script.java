package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;

/**
 * The outcome script of one case: the calls made one after the other on the policy's methods,
 * and for each what its invocations of the guarded code return or throw, what the predicates
 * answer, and how each wait goes. The same script drives every path (synchronous, asynchronous,
 * {@code suspend}, templates) and the model. Immutable; {@link Shrinker} makes simpler copies.
 *
 * <p>On the {@code suspend} path (SPEC §14) a coroutine has no thread of its own and waits with
 * {@code delay}, so some steps mean something else there, or nothing: an interrupt set during an
 * attempt is a cancellation of the calling coroutine during it, and an interrupted wait one during
 * the wait; a flag set before the call and a sleeper that throws mean nothing; a {@code LATER}
 * outcome suspends and resumes, the other forms return or throw at once.
 */
final class Script {
  final List<Call> calls;
  /** What the {@code RandomSource} returns, in turn, round and round; never empty. */
  final List<Double> draws;
  /** Whether the options carry a listener of their own ("opt"). */
  final boolean observe;

  Script(List<Call> calls, List<Double> draws, boolean observe) {
    this.calls = Collections.unmodifiableList(calls);
    this.draws = Collections.unmodifiableList(draws);
    this.observe = observe;
  }

  /**
   * How a wait goes: as asked, longer than asked, interrupted, or with the sleeper throwing. A
   * {@code delay} (suspend path): as asked, resumed late, cancelled, or (THROWS) as asked.
   */
  enum WaitKind { NORMAL, SLOW, INTERRUPTED, THROWS }

  /**
   * How an asynchronous invocation delivers its outcome: a completed future, one completed
   * {@code duration} ms later by the scheduler, a synchronous throw, or a future failed with a
   * {@code CompletionException} around the failure, or around an {@code ExecutionException}
   * around it. The synchronous paths only throw or return; the suspend path suspends for {@code
   * LATER} and resumes with the outcome, and returns or throws at once for the others. The reactive
   * paths ({@code MONO}, {@code SINGLE}) throw at once for {@code THROWN}, signal {@code duration}
   * ms after the subscription for {@code LATER}, and at once for the others (nothing wraps a
   * publisher's error).
   */
  enum Form { NOW, LATER, THROWN, WRAPPED, WRAPPED_TWICE }

  /** One call of the guarded method. */
  static final class Call {
    /** Virtual ms that pass before the call. */
    final long gapBefore;
    /** Whether the call is made on a new instance of the generated class. */
    final boolean newInstance;
    /** Whether the calling thread's interrupt flag is set when the call starts (not suspend). */
    final boolean interruptedBefore;
    /** By invocation of the guarded code; after the last, every invocation returns a result. */
    final List<Attempt> attempts;
    /** By wait; after the last, every wait is {@code NORMAL}. */
    final List<Wait> waits;
    /** What {@code retryIf} answers for an open breaker's exception. */
    final boolean refusedRetryIf;
    /** What {@code delayFor} answers for an open breaker's exception. */
    final long refusedDelayFor;
    /** Whether a recover method called in this call throws. */
    final boolean recoverThrows;
    /**
     * On a stateful path (SPEC §19): the call's key, 1 to 3 ({@link Script#arg}); 0 in the other
     * scripts. A stateful call makes one invocation, the first of {@link #attempts}.
     */
    final int key;
    /** On {@link Path#STATEFUL_TEMPLATE}: {@code RetryState.of(key, true)}, forceRefresh. */
    final boolean refresh;

    Call(
        long gapBefore,
        boolean newInstance,
        boolean interruptedBefore,
        List<Attempt> attempts,
        List<Wait> waits,
        boolean refusedRetryIf,
        long refusedDelayFor,
        boolean recoverThrows) {
      this(gapBefore, newInstance, interruptedBefore, attempts, waits, refusedRetryIf,
          refusedDelayFor, recoverThrows, 0, false);
    }

    Call(
        long gapBefore,
        boolean newInstance,
        boolean interruptedBefore,
        List<Attempt> attempts,
        List<Wait> waits,
        boolean refusedRetryIf,
        long refusedDelayFor,
        boolean recoverThrows,
        int key,
        boolean refresh) {
      this.key = key;
      this.refresh = refresh;
      this.gapBefore = gapBefore;
      this.newInstance = newInstance;
      this.interruptedBefore = interruptedBefore;
      this.attempts = Collections.unmodifiableList(attempts);
      this.waits = Collections.unmodifiableList(waits);
      this.refusedRetryIf = refusedRetryIf;
      this.refusedDelayFor = refusedDelayFor;
      this.recoverThrows = recoverThrows;
    }

    Attempt attempt(int invocation) {
      return invocation <= attempts.size() ? attempts.get(invocation - 1) : Attempt.SUCCESS;
    }

    Wait waitNumber(int wait) {
      return wait <= waits.size() ? waits.get(wait - 1) : Wait.NORMAL;
    }
  }

  /** One invocation of the guarded code and what the user code around it answers. */
  static final class Attempt {
    static final Attempt SUCCESS =
        new Attempt(null, null, false, true, false, -1, false, Fault.UNCHECKED_A, 0, false,
            Form.NOW);

    /** Thrown; null when it returns a result. */
    final Fault failure;
    /** The failure's cause; null for none. */
    final Fault cause;
    /** For a result: whether {@code retryOnResult} rejects it. */
    final boolean rejected;
    /** For a failure: what {@code retryIf} answers. */
    final boolean retryIf;
    /** Whether {@code retryIf} (failure) or {@code retryOnResult} (result) throws instead. */
    final boolean predicateThrows;
    /** What {@code delayFor} answers. */
    final long delayFor;
    final boolean delayForThrows;
    /** What a predicate or {@code delayFor} that throws throws. */
    final Fault userFailure;
    /** Virtual ms the invocation takes. */
    final long duration;
    /**
     * Whether it sets the calling thread's interrupt flag; on the suspend path, whether the calling
     * coroutine is cancelled during it: {@code LATER}, {@code duration} ms into its suspension,
     * which it then ends with; else before it returns or throws as scripted.
     */
    final boolean interrupts;
    final Form form;

    Attempt(
        Fault failure,
        Fault cause,
        boolean rejected,
        boolean retryIf,
        boolean predicateThrows,
        long delayFor,
        boolean delayForThrows,
        Fault userFailure,
        long duration,
        boolean interrupts,
        Form form) {
      this.failure = failure;
      this.cause = cause;
      this.rejected = rejected;
      this.retryIf = retryIf;
      this.predicateThrows = predicateThrows;
      this.delayFor = delayFor;
      this.delayForThrows = delayForThrows;
      this.userFailure = userFailure;
      this.duration = duration;
      this.interrupts = interrupts;
      this.form = form;
    }

    @Override
    public String toString() {
      StringBuilder text = new StringBuilder();
      if (failure == null) {
        text.append(rejected ? "result (rejected)" : "result");
      } else {
        text.append("throw ").append(failure.simpleName());
        if (cause != null) {
          text.append(" caused by ").append(cause.simpleName());
        }
        text.append(" (retryIf ").append(retryIf).append(')');
      }
      if (predicateThrows) {
        text.append(", predicate throws ").append(userFailure.simpleName());
      }
      if (delayForThrows) {
        text.append(", delayFor throws ").append(userFailure.simpleName());
      } else if (delayFor != -1) {
        text.append(", delayFor ").append(delayFor);
      }
      if (duration != 0) {
        text.append(", takes ").append(duration).append(" ms");
      }
      if (interrupts) {
        text.append(", sets the interrupt flag");
      }
      if (form != Form.NOW) {
        text.append(", async ").append(form);
      }
      return text.toString();
    }
  }

  /** One wait. */
  static final class Wait {
    static final Wait NORMAL = new Wait(WaitKind.NORMAL, 0);

    final WaitKind kind;
    /** SLOW: ms beyond the wait asked for; INTERRUPTED: ms slept before the interrupt. */
    final long extra;

    Wait(WaitKind kind, long extra) {
      this.kind = kind;
      this.extra = extra;
    }

    @Override
    public String toString() {
      switch (kind) {
        case SLOW: return "slow by " + extra + " ms";
        case INTERRUPTED: return "interrupted after " + extra + " ms";
        case THROWS: return "sleeper/scheduler throws";
        default: return "normal";
      }
    }
  }

  /**
   * The argument of call {@code number} on {@code path}: {@code a<number>}, or on a stateful path
   * {@code k<key>} when the argument is the key, else {@code k<key>/<number>}, whose part before
   * the slash is the key ({@code keyOf}, and the template's {@code RetryState}).
   */
  static String arg(Path path, Policy.StateKey stateKey, Call call, int number) {
    if (!path.stateful) {
      return "a" + number;
    }
    return path == Path.STATEFUL && stateKey == Policy.StateKey.ARGUMENT
        ? "k" + call.key : "k" + call.key + "/" + number;
  }

  /** The script as a reader wants it in a report. */
  String describe() {
    StringBuilder text = new StringBuilder();
    text.append("draws ").append(draws).append(observe ? "" : ", no options listener")
        .append('\n');
    for (int i = 0; i < calls.size(); i++) {
      Call call = calls.get(i);
      text.append("call ").append(i + 1).append(':');
      if (call.key != 0) {
        text.append(" key ").append(call.key).append(call.refresh ? " (forceRefresh)" : "")
            .append(';');
      }
      if (call.gapBefore != 0) {
        text.append(" after ").append(call.gapBefore).append(" ms;");
      }
      if (call.newInstance) {
        text.append(" on a new instance;");
      }
      if (call.interruptedBefore) {
        text.append(" interrupt flag set before;");
      }
      text.append(" refused -> retryIf ").append(call.refusedRetryIf).append(", delayFor ")
          .append(call.refusedDelayFor).append(call.recoverThrows ? "; recover throws" : "")
          .append('\n');
      for (int a = 0; a < call.attempts.size(); a++) {
        text.append("  invocation ").append(a + 1).append(": ").append(call.attempts.get(a))
            .append('\n');
      }
      for (int w = 0; w < call.waits.size(); w++) {
        text.append("  wait ").append(w + 1).append(": ").append(call.waits.get(w)).append('\n');
      }
    }
    return text.toString();
  }
}
