package io.retrygen.runtime;

import io.retrygen.RetryListener;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.runtime.internal.RetryPolicy;
import io.retrygen.runtime.internal.StatefulRetrier;
import io.retrygen.runtime.internal.Throwables;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * Retries a callback with the same runtime, and the same semantics, as a method the processor
 * guards with {@code @Retryable}: the same decision order after a failed attempt through the same
 * {@link Retrier}, the same waits, listeners, the interruption and cancellation rules, and the last
 * failure rethrown as the same instance. Shaped like Spring Retry's {@code RetryTemplate}, so that
 * moving a call over means changing imports:
 *
 * <pre>{@code
 * RetryTemplate template = RetryTemplate.builder()
 *     .maxAttempts(5)
 *     .backoff(BackoffPolicy.exponential(100, 2.0, 2_000))
 *     .retryOn(IOException.class)
 *     .build();
 * Stock stock = template.execute(context -> inventory.fetch(id));
 * Stock orUnknown = template.execute(context -> inventory.fetch(id), context -> Stock.unknown(id));
 * }</pre>
 *
 * <p>Immutable and thread-safe: build it once and share it. A call allocates its {@link
 * RetryContext} and, with listeners, their events; nothing else. Runs on Android API 21; {@link
 * AsyncRetryTemplate} retries callbacks that return a {@code CompletionStage}.
 */
public final class RetryTemplate {
  /** The label of a template without {@link Builder#label}. */
  public static final String DEFAULT_LABEL = "RetryTemplate";

  private final String label;
  private final TemplateRules rules;
  private final Retrier retrier;
  /**
   * The retrier with this template's own state, for calls with a {@link RetryState}: the keys of
   * one template are not those of another, as each of Spring Retry's templates has its own cache.
   */
  private final StatefulRetrier stateful;

  private RetryTemplate(Builder builder) {
    RetryPolicy policy =
        new RetryPolicy(builder.label, builder.maxAttempts, builder.maxDuration, builder.backoff);
    RetryPolicy.requireTimeForARetry(builder.maxDuration, builder.backoff);
    this.label = builder.label;
    this.rules = new TemplateRules(builder.retryOn, builder.notRetryOn, builder.retryIf);
    if (rules.retriesCancellation()) {
      policy = policy.retryingCancellation();
    }
    this.retrier =
        policy.bind(
            builder.options,
            rules.hooks(),
            builder.listeners.toArray(new RetryListener[builder.listeners.size()]));
    this.stateful = StatefulRetrier.withOwnState(retrier);
  }

  /** A builder with the defaults of {@code @Retryable}: 3 attempts, a fixed 1000 ms wait. */
  public static Builder builder() {
    return new Builder();
  }

  /** {@code builder().build()}: 3 attempts of any {@code Exception}, 1000 ms apart. */
  public static RetryTemplate defaults() {
    return Defaults.INSTANCE;
  }

  /** Built when first asked for. */
  private static final class Defaults {
    static final RetryTemplate INSTANCE = builder().build();
  }

  /**
   * Runs {@code callback} until an attempt succeeds or the template gives up, then throws the last
   * failure, the same instance, unwrapped.
   *
   * @throws E the last failure of {@code callback}, or an unchecked exception it threw
   */
  public <T, E extends Throwable> T execute(RetryCallback<T, E> callback) throws E {
    return execute(callback, null);
  }

  /**
   * Runs {@code callback} until an attempt succeeds; when the template gives up, returns what
   * {@code recovery} returns for the last failure (an interruption it recovers from leaves the
   * interrupt flag set, so that it is not lost). An exception {@code recovery} throws ends the
   * call as it is. A {@link CancellationException} from {@code callback} is never retried nor
   * recovered (unless {@link Builder#retryOn} names {@code CancellationException} itself): it ends
   * the call at once, with {@code onFailure}, and is rethrown as it is.
   *
   * @param recovery what to return when the template gives up; null to rethrow the last failure
   * @throws E the last failure of {@code callback} when there is no recovery
   */
  public <T, E extends Throwable> T execute(
      RetryCallback<T, E> callback, RecoveryCallback<T> recovery) throws E {
    if (callback == null) {
      throw new NullPointerException("callback == null");
    }
    Retrier retrier = this.retrier;
    TemplateContext context = new TemplateContext(label);
    long startNanos = retrier.start();
    for (int attempt = 1; ; attempt++) {
      context.attempt = attempt;
      T result;
      try {
        result = callback.doWithRetry(context);
      } catch (Throwable failure) {
        context.lastFailure = failure;
        if (retrier.retryAfter(attempt, startNanos, failure, rules.retryable(failure))) {
          continue;
        }
        // Gave up; the listeners heard why. A cancellation is never recovered: the caller asked
        // for it to stop.
        if (recovery == null || rules.cancels(failure)) {
          throw Throwables.<E>asThrown(failure);
        }
        return recover(recovery, context, failure);
      }
      retrier.succeeded(attempt, startNanos);
      return result;
    }
  }

  /**
   * A stateful call, as Spring Retry's {@code execute(callback, recovery, state)}: one attempt,
   * whose failure is thrown to the caller every time, counted against {@code state}'s key across
   * calls (a message listener whose transaction must roll back so that the message comes again).
   *
   * <ul>
   *   <li>A failure the template retries is counted, the backoff's wait for that retry is taken,
   *       and it is rethrown unchanged; one it does not retry is rethrown and forgets the key.
   *   <li>The call whose failure ends the key's retries ({@code maxAttempts} attempts, or {@code
   *       maxDuration} from the key's first attempt) rethrows it too, after {@code onFailure}.
   *       The next call with the key does not run {@code callback}: it returns what {@code
   *       recovery} returns for that failure, or without one throws {@link
   *       RetryExhaustedException} with it as the cause; the key is then forgotten.
   *   <li>A success forgets the key. {@link RetryState#forceRefresh()} forgets it first.
   * </ul>
   *
   * The state is this template's own (share the template to share it), bounded at {@link
   * StatefulRetries#MAX_KEYS} keys: the least recently used is forgotten first, counted by {@link
   * StatefulRetries#evictions} under the template's label. The context's {@link
   * RetryContext#attempt() attempt} is the key's.
   *
   * @param recovery what to return for a key whose retries are exhausted; null to throw {@link
   *     RetryExhaustedException}
   * @param state the key; null for a stateless {@link #execute(RetryCallback, RecoveryCallback)}
   * @throws E the failure of this call's attempt
   */
  public <T, E extends Throwable> T execute(
      RetryCallback<T, E> callback, RecoveryCallback<T> recovery, RetryState state) throws E {
    if (state == null) {
      return execute(callback, recovery);
    }
    if (callback == null) {
      throw new NullPointerException("callback == null");
    }
    StatefulRetrier stateful = this.stateful;
    Object key = state.key();
    if (state.forceRefresh()) {
      stateful.forget(key);
    }
    TemplateContext context = new TemplateContext(label);
    StatefulRetrier.Exhaustion exhaustion = stateful.exhaustion(key);
    if (exhaustion != null) {
      Throwable exhausted = exhaustion.failure();
      context.attempt = exhaustion.attempt();
      context.lastFailure = exhausted;
      if (recovery == null) {
        throw stateful.exhaustedException(exhausted);
      }
      // An interruption that ended the key belonged to an earlier call: this one's flag stays.
      return recover(recovery, context, null);
    }
    context.attempt = stateful.failures(key) + 1;
    long startNanos = stateful.start();
    T result;
    try {
      result = callback.doWithRetry(context);
    } catch (Throwable failure) {
      context.lastFailure = failure;
      if (rules.retryable(failure)) {
        stateful.failed(key, startNanos, failure);
      } else {
        stateful.notRetryable(key, startNanos, failure);
      }
      throw Throwables.<E>asThrown(failure);
    }
    stateful.succeeded(key, startNanos);
    return result;
  }

  /**
   * Calls {@code recovery}; a recovered interruption sets the interrupt flag again.
   *
   * @param failure what this call gave up with; null when it made no attempt
   */
  private static <T> T recover(
      RecoveryCallback<T> recovery, RetryContext context, Throwable failure) {
    T recovered;
    try {
      recovered = recovery.recover(context);
    } catch (Exception e) {
      throw Throwables.<RuntimeException>asThrown(e);
    }
    if (failure instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return recovered;
  }

  /** Step 1 and {@code retryIf}, which the asynchronous form asks too. */
  TemplateRules rules() {
    return rules;
  }

  /** The retrier every call of this template uses. */
  Retrier retrier() {
    return retrier;
  }

  /** The retrier of the calls with a {@link RetryState}, with this template's state. */
  StatefulRetrier stateful() {
    return stateful;
  }

  /** The label of events, statistics and contexts. */
  public String label() {
    return label;
  }

  @Override
  public String toString() {
    return "RetryTemplate{" + retrier + "}";
  }

  /**
   * Builds a {@link RetryTemplate}. Not thread-safe; {@link #build} checks the values as the
   * processor checks the annotations and throws {@link IllegalArgumentException} where those would
   * be compile errors.
   */
  public static final class Builder {
    private int maxAttempts = 3;
    private long maxDuration;
    private BackoffPolicy backoff = BackoffPolicy.defaultPolicy();
    private final List<Class<? extends Throwable>> retryOn =
        new ArrayList<Class<? extends Throwable>>();
    private final List<Class<? extends Throwable>> notRetryOn =
        new ArrayList<Class<? extends Throwable>>();
    private FailurePredicate retryIf;
    private String label = DEFAULT_LABEL;
    private final List<RetryListener> listeners = new ArrayList<RetryListener>();
    private RetryOptions options = RetryOptions.defaults();

    private Builder() {}

    /** Total attempts, the first included; at least 1 ({@code 1} = no retry). Default: 3. */
    public Builder maxAttempts(int maxAttempts) {
      this.maxAttempts = maxAttempts;
      return this;
    }

    /**
     * A time budget in milliseconds from the start of the first attempt: a retry starts only
     * while {@code elapsed + wait < maxDuration}. Default: 0, none.
     */
    public Builder maxDuration(long maxDurationMillis) {
      this.maxDuration = maxDurationMillis;
      return this;
    }

    /** The waits between attempts. Default: {@link BackoffPolicy#defaultPolicy()}, 1000 ms. */
    public Builder backoff(BackoffPolicy backoff) {
      this.backoff = Objects.requireNonNull(backoff, "backoff == null");
      return this;
    }

    /**
     * Adds a failure type to retry (matched with {@code instanceof}). With none, {@code
     * Exception} is retried. Interruption and cancellation are retried only when named
     * themselves: {@code InterruptedException.class}, {@code CancellationException.class}.
     */
    public Builder retryOn(Class<? extends Throwable> failureType) {
      retryOn.add(Objects.requireNonNull(failureType, "failureType == null"));
      return this;
    }

    /** Adds a failure type never to retry, even when a {@code retryOn} type matches it. */
    public Builder notRetryOn(Class<? extends Throwable> failureType) {
      notRetryOn.add(Objects.requireNonNull(failureType, "failureType == null"));
      return this;
    }

    /**
     * Retries a retryable failure only when {@code predicate} accepts it; not consulted when no
     * attempt is left. Replaces a predicate set before.
     */
    public Builder retryIf(FailurePredicate predicate) {
      this.retryIf = Objects.requireNonNull(predicate, "predicate == null");
      return this;
    }

    /**
     * The name in events, statistics and contexts. Default: {@code "RetryTemplate"}, which an
     * empty label also means, as {@code @Retryable(label = "")} does.
     */
    public Builder label(String label) {
      Objects.requireNonNull(label, "label == null");
      this.label = label.isEmpty() ? DEFAULT_LABEL : label;
      return this;
    }

    /** Adds a listener, called after those of the {@link #options}. */
    public Builder listener(RetryListener listener) {
      listeners.add(Objects.requireNonNull(listener, "listener == null"));
      return this;
    }

    /**
     * The sleeper, ticker, randomness, scheduler ({@link AsyncRetryTemplate}) and first listeners.
     * Default: {@link RetryOptions#defaults()}.
     */
    public Builder options(RetryOptions options) {
      this.options = Objects.requireNonNull(options, "options == null");
      return this;
    }

    /**
     * The template.
     *
     * <p>The {@linkplain RetryOptions#overrides() overrides} of the options that name its label
     * ({@code retrygen.retry.<label>.*}, {@code retrygen.enabled}) apply here, once.
     *
     * @throws IllegalArgumentException for {@code maxAttempts < 1}, a negative {@code
     *     maxDuration}, or a {@code maxDuration > 0} not above the backoff's delay; or for an
     *     override that breaks one of those rules (naming the key, the value and the rule)
     */
    public RetryTemplate build() {
      return new RetryTemplate(this);
    }
  }
}
