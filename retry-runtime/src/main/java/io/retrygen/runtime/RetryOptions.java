package io.retrygen.runtime;

import io.retrygen.RetryListener;
import io.retrygen.runtime.internal.SharedScheduler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;

/**
 * What a generated {@code *Retrying} instance needs from its environment: how to sleep, how to
 * read the time, where randomness comes from, where asynchronous retries are scheduled, and who
 * listens. Immutable and thread-safe; pass it to the generated constructor that takes one.
 *
 * <pre>{@code
 * RetryOptions options = RetryOptions.builder()
 *     .sleeper(clock)        // virtual time in tests
 *     .ticker(clock)
 *     .listener(new StatisticsListener())
 *     .build();
 * PaymentClient client = new PaymentClientRetrying(http, options);
 * }</pre>
 */
public final class RetryOptions {
  /** Built without the builder: a cold start that uses the defaults never loads it. */
  private static final RetryOptions DEFAULTS =
      new RetryOptions(
          Sleeper.SYSTEM,
          Ticker.SYSTEM,
          RandomSource.SYSTEM,
          null,
          Collections.<RetryListener>emptyList(),
          PolicyOverrides.none());

  private final Sleeper sleeper;
  private final Ticker ticker;
  private final RandomSource random;
  private final ScheduledExecutorService scheduler;
  private final List<RetryListener> listeners;
  private final PolicyOverrides overrides;

  private RetryOptions(
      Sleeper sleeper,
      Ticker ticker,
      RandomSource random,
      ScheduledExecutorService scheduler,
      List<RetryListener> listeners,
      PolicyOverrides overrides) {
    this.sleeper = sleeper;
    this.ticker = ticker;
    this.random = random;
    this.scheduler = scheduler;
    this.listeners = listeners;
    this.overrides = overrides;
  }

  /**
   * {@link Sleeper#SYSTEM}, {@link Ticker#SYSTEM}, {@link RandomSource#SYSTEM}, no scheduler (the
   * runtime's own threads run asynchronous retries), no listener and {@link PolicyOverrides#none()}.
   * What the generated
   * constructors without options use.
   */
  public static RetryOptions defaults() {
    return DEFAULTS;
  }

  /** A builder that starts from {@link #defaults()}. */
  public static Builder builder() {
    return new Builder();
  }

  /**
   * A builder that holds a copy of every setting of these options: sleeper, ticker, randomness,
   * the scheduler if one was set (a default stays a default), every listener in order, and the
   * overrides. What
   * it is then told changes only the options it builds.
   */
  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Waits between attempts. Default: {@link Sleeper#SYSTEM}. */
  public Sleeper sleeper() {
    return sleeper;
  }

  /** Reads the time for {@code maxDuration} and events. Default: {@link Ticker#SYSTEM}. */
  public Ticker ticker() {
    return ticker;
  }

  /** Randomness for random backoff and jitter. Default: {@link RandomSource#SYSTEM}. */
  public RandomSource random() {
    return random;
  }

  /**
   * Where asynchronous methods time their later attempts: the scheduler set with {@link
   * Builder#scheduler}, else the runtime's daemon timer, shared by the whole runtime and started
   * on first use. That timer has one thread and only times waits: asynchronous retries hand each
   * later attempt to a pool of daemon threads the runtime owns, so that an attempt that blocks
   * never delays another. A task given to it directly runs on its one thread and must be short.
   */
  public ScheduledExecutorService scheduler() {
    return scheduler != null ? scheduler : SharedScheduler.timer();
  }

  /**
   * The scheduler set with {@link Builder#scheduler}, or null when none was set and the runtime's
   * own threads apply. For code that schedules on the options' scheduler only when the user chose
   * one, and otherwise on a scheduler of its own (a reactive library's, whose test schedulers
   * control virtual time).
   */
  public ScheduledExecutorService schedulerIfSet() {
    return scheduler;
  }

  /** The listeners of every guarded method of the instance, in the order they were added. */
  public List<RetryListener> listeners() {
    return listeners;
  }

  /**
   * What changes the policies of the instances and templates built with these options, once, when
   * they are built. Default: {@link PolicyOverrides#none()}.
   */
  public PolicyOverrides overrides() {
    return overrides;
  }

  @Override
  public String toString() {
    return "RetryOptions{sleeper=" + sleeper + ", ticker=" + ticker + ", random=" + random
        + ", scheduler=" + (scheduler != null ? scheduler : "shared") + ", listeners=" + listeners
        + (overrides == PolicyOverrides.none() ? "" : ", overrides=" + overrides) + "}";
  }

  /** Builds {@link RetryOptions}. Not thread-safe. */
  public static final class Builder {
    private Sleeper sleeper = Sleeper.SYSTEM;
    private Ticker ticker = Ticker.SYSTEM;
    private RandomSource random = RandomSource.SYSTEM;
    private ScheduledExecutorService scheduler;
    private final List<RetryListener> listeners = new ArrayList<RetryListener>();
    private PolicyOverrides overrides = PolicyOverrides.none();

    Builder() {}

    Builder(RetryOptions options) {
      this.sleeper = options.sleeper;
      this.ticker = options.ticker;
      this.random = options.random;
      this.scheduler = options.scheduler;
      this.listeners.addAll(options.listeners);
      this.overrides = options.overrides;
    }

    /** Sets how to wait between attempts. */
    public Builder sleeper(Sleeper sleeper) {
      this.sleeper = checkNotNull(sleeper, "sleeper");
      return this;
    }

    /** Sets the clock for {@code maxDuration} and event times. */
    public Builder ticker(Ticker ticker) {
      this.ticker = checkNotNull(ticker, "ticker");
      return this;
    }

    /** Sets the randomness for random backoff and jitter. */
    public Builder random(RandomSource random) {
      this.random = checkNotNull(random, "random");
      return this;
    }

    /**
     * Sets where asynchronous methods schedule their later attempts (they then run on its
     * threads). If it refuses a wait, or drops one it accepted (shut down), the call ends with a
     * {@code RejectedExecutionException} rather than waiting for ever.
     */
    public Builder scheduler(ScheduledExecutorService scheduler) {
      this.scheduler = checkNotNull(scheduler, "scheduler");
      return this;
    }

    /** Adds a listener for every guarded method; may be called several times. */
    public Builder listener(RetryListener listener) {
      listeners.add(checkNotNull(listener, "listener"));
      return this;
    }

    /**
     * Sets the overrides that change the policies of every instance and template built with these
     * options, once, when it is built (see {@link PolicyOverrides} for the keys). Replaces any set
     * before.
     */
    public Builder overrides(PolicyOverrides overrides) {
      this.overrides = checkNotNull(overrides, "overrides");
      return this;
    }

    /** Returns the immutable options. */
    public RetryOptions build() {
      return new RetryOptions(
          sleeper,
          ticker,
          random,
          scheduler,
          Collections.unmodifiableList(new ArrayList<RetryListener>(listeners)),
          overrides);
    }

    private static <T> T checkNotNull(T value, String name) {
      if (value == null) {
        throw new NullPointerException(name + " == null");
      }
      return value;
    }
  }
}
