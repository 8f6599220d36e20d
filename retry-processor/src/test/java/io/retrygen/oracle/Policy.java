package io.retrygen.oracle;

import java.util.Collections;
import java.util.List;

/**
 * One drawn policy: the annotations of a pair of guarded methods, {@code String callN(String
 * arg)} and its asynchronous twin {@code callAsyncN} (and, in a type that declares them, the
 * {@code suspend} twin {@code Object callSuspendN(String arg, Continuation<? super String> c)}),
 * and the members of their type (predicates, {@code delayFor} overloads, recover methods), which
 * the type's other pairs share. Immutable.
 */
final class Policy {
  /** Null when only {@code @CircuitBreaker} guards the methods. */
  final Retry retry;
  final Breaker breaker;
  /** Null for none; never without {@link #retry}. */
  final Budget budget;
  final Members members;
  /**
   * The pair's own {@code @Timeout} value in ms, written on its deferred methods only (SPEC §16);
   * null for none, when the type's ({@link Members#typeTimeout}) applies, if any.
   */
  final Long timeout;
  /**
   * How the pair's stateful twin {@code callStatefulN} ({@link Path#STATEFUL}) finds its key;
   * null when the pair has none (only some pairs with a retry and no {@code retryOnResult} have).
   */
  final StateKey stateful;

  /** How a stateful twin's key is found (SPEC §19). */
  enum StateKey {
    /** No {@code stateKey}: the one argument is the key. */
    ARGUMENT,
    /** {@code stateKey = "keyOf"}: {@code Object keyOf(String arg)}, the argument's key part. */
    KEY_OF,
    /** {@code stateKey = "oneKey"}: {@code Object oneKey()}, one key for every call. */
    ONE_KEY
  }

  Policy(Retry retry, Breaker breaker, Budget budget, Members members) {
    this(retry, breaker, budget, members, null);
  }

  Policy(Retry retry, Breaker breaker, Budget budget, Members members, Long timeout) {
    this(retry, breaker, budget, members, timeout, null);
  }

  Policy(Retry retry, Breaker breaker, Budget budget, Members members, Long timeout,
      StateKey stateful) {
    this.stateful = stateful;
    this.retry = retry;
    this.breaker = breaker;
    this.budget = budget;
    this.members = members;
    this.timeout = timeout;
  }

  /**
   * The limit of each attempt on {@code path} in ms, -1 for none: the pair's {@code @Timeout},
   * else the type's (nearest wins), on the deferred methods, whose deadlines are virtual (the
   * options' manual scheduler, the test dispatcher). The synchronous method runs under a real-time
   * watchdog the oracle cannot model: it never carries a drawn limit (under a type-level one it
   * carries {@link #UNREACHED_TIMEOUT}), and the templates take none.
   */
  long timeoutMillis(Path path) {
    if (!writesTimeout(path)) {
      return -1;
    }
    Long limit = timeout != null ? timeout : members.typeTimeout;
    return limit == null ? -1 : limit;
  }

  /**
   * Whether the method of {@code path} carries the pair's {@code @Timeout}: the deferred ones,
   * whose deadlines are virtual (the synchronous watchdog runs in real time).
   */
  static boolean writesTimeout(Path path) {
    return !path.template && (path.async || path.suspend);
  }

  /**
   * What the synchronous method of a pair carries under a type-level {@code @Timeout}, so that the
   * type's drawn limit does not reach it: an hour, which no run takes in real time.
   */
  static final long UNREACHED_TIMEOUT = 3_600_000L;

  /**
   * Whether the pair has a {@code Flow} twin ({@link Path#FLOW}): in a type that has them, when
   * it has no {@code retryOnResult} (a compile error on a flow) and no {@code recover = "..."} (a
   * flow twin of a named recover method would clash with the plain one).
   */
  boolean hasFlow() {
    return members.flow
        && (retry == null || (retry.retryOnResult == null && retry.recoverName == null));
  }

  /**
   * Whether the pair has a {@code Mono} twin ({@link Path#MONO}): in a type that has them, every
   * pair (a {@code Mono} takes {@code retryOnResult}, and its recover methods are those returning
   * the value, which {@code recover = "..."} may name, or a {@code Mono}).
   */
  boolean hasMono() {
    return members.mono;
  }

  /** Whether the pair has an RxJava {@code Single} twin ({@link Path#SINGLE}), as for a Mono. */
  boolean hasSingle() {
    return members.single;
  }

  /** The recover methods of the type, in declaration order. */
  List<RecoverMethod> recovers() {
    return members.recovers;
  }

  /**
   * What the type declares besides the guarded methods, shared by all its pairs: its shape, the
   * predicate methods a policy may name, and the recover methods.
   */
  static final class Members {
    /** A class (generated subclass) rather than an interface (generated delegate). */
    final boolean isClass;
    /** The asynchronous methods return {@code CompletionStage}, not {@code CompletableFuture}. */
    final boolean stage;
    /** The parameter of {@code boolean retryIf(T failure)}; null when there is none. */
    final Fault retryIf;
    /** The parameter type of {@code boolean rejects(R result)}, as source; null for none. */
    final String rejects;
    /** The failure types of the {@code delayFor} overloads; empty for none. */
    final List<Fault> delayForFailures;
    /** Whether a {@code delayFor} overload takes the result (then {@link #rejects} is set). */
    final boolean delayForResult;
    /** Whether the {@code delayFor} overloads return {@code int} rather than {@code long}. */
    final boolean delayForInt;
    /** Whether the predicates and {@code delayFor} are static (else instance or default). */
    final boolean staticPredicates;
    final List<RecoverMethod> recovers;
    /**
     * Whether each pair has a {@code suspend} twin with the same annotations, run on {@link
     * Path#SUSPEND}: only some types have, as each guarded method costs compile time.
     */
    final boolean suspend;
    /**
     * Whether each pair without {@code retryOnResult} or {@code recover = "..."} has a {@code
     * Flow<String>} twin with the same annotations, run on {@link Path#FLOW}.
     */
    final boolean flow;
    /** Whether each pair has a {@code Mono<String>} twin with the same annotations ({@link
     * Path#MONO}). */
    final boolean mono;
    /** The same with a {@code Single<String>} twin ({@link Path#SINGLE}). */
    final boolean single;
    /**
     * The type-level {@code @Timeout} value in ms, null for none: drawn only when every
     * overridable method of the type is a guarded one (no instance predicates), each pair's own
     * {@link Policy#timeout} overriding it.
     */
    final Long typeTimeout;

    Members(
        boolean isClass,
        boolean stage,
        Fault retryIf,
        String rejects,
        List<Fault> delayForFailures,
        boolean delayForResult,
        boolean delayForInt,
        boolean staticPredicates,
        List<RecoverMethod> recovers,
        boolean suspend,
        boolean flow,
        boolean mono,
        boolean single,
        Long typeTimeout) {
      this.typeTimeout = typeTimeout;
      this.single = single;
      this.mono = mono;
      this.flow = flow;
      this.isClass = isClass;
      this.stage = stage;
      this.retryIf = retryIf;
      this.rejects = rejects;
      this.delayForFailures = Collections.unmodifiableList(delayForFailures);
      this.delayForResult = delayForResult;
      this.delayForInt = delayForInt;
      this.staticPredicates = staticPredicates;
      this.recovers = Collections.unmodifiableList(recovers);
      this.suspend = suspend;
    }

    boolean hasDelayFor() {
      return !delayForFailures.isEmpty() || delayForResult;
    }
  }

  /** What {@code @Retryable} and its {@code @Backoff} say. */
  static final class Retry {
    final List<Fault> retryFor;
    final List<Fault> noRetryFor;
    final List<Fault> notRecoverable;
    final int maxAttempts;
    final long maxDuration;
    /** Null when no {@code @Backoff} is written: a fixed 1000 ms. */
    final Backoff backoff;
    /** The failure type {@code retryIf} takes; null when it names no {@code retryIf}. */
    final Fault retryIf;
    /** The parameter type of {@code retryOnResult}, as source; null when it names none. */
    final String retryOnResult;
    /** {@code recover = "name"}; null when recover methods are chosen by signature alone. */
    final String recoverName;
    /** {@code label}; null for the default {@code Type.method}. */
    final String label;
    /** The {@code listeners}, as {@link Listeners} tags. */
    final List<String> listeners;
    final boolean matchCauses;

    Retry(
        List<Fault> retryFor,
        List<Fault> noRetryFor,
        List<Fault> notRecoverable,
        int maxAttempts,
        long maxDuration,
        Backoff backoff,
        Fault retryIf,
        String retryOnResult,
        String recoverName,
        String label,
        List<String> listeners,
        boolean matchCauses) {
      this.retryFor = Collections.unmodifiableList(retryFor);
      this.noRetryFor = Collections.unmodifiableList(noRetryFor);
      this.notRecoverable = Collections.unmodifiableList(notRecoverable);
      this.maxAttempts = maxAttempts;
      this.maxDuration = maxDuration;
      this.backoff = backoff;
      this.retryIf = retryIf;
      this.retryOnResult = retryOnResult;
      this.recoverName = recoverName;
      this.label = label;
      this.listeners = Collections.unmodifiableList(listeners);
      this.matchCauses = matchCauses;
    }

    /** The {@code delayFor} overloads for failures it may call, empty when it names none. */
    List<Fault> delayForFailures() {
      return backoff == null ? Collections.<Fault>emptyList() : backoff.delayForFailures;
    }

    /** Whether it names {@code delayFor} and an overload takes the result. */
    boolean delayForResult() {
      return backoff != null && backoff.delayForResult;
    }
  }

  /** What {@code @Backoff} says. */
  static final class Backoff {
    final long delay;
    final long maxDelay;
    final double multiplier;
    final boolean random;
    final double jitter;
    /** When it names {@code delayFor}: the failure types of the type's overloads, else empty. */
    final List<Fault> delayForFailures;
    /** When it names {@code delayFor}: whether an overload takes the result. */
    final boolean delayForResult;
    /** Written on the method next to {@code @Retryable} rather than nested in it. */
    final boolean direct;

    Backoff(
        long delay,
        long maxDelay,
        double multiplier,
        boolean random,
        double jitter,
        List<Fault> delayForFailures,
        boolean delayForResult,
        boolean direct) {
      this.delay = delay;
      this.maxDelay = maxDelay;
      this.multiplier = multiplier;
      this.random = random;
      this.jitter = jitter;
      this.delayForFailures = Collections.unmodifiableList(delayForFailures);
      this.delayForResult = delayForResult;
      this.direct = direct;
    }

    boolean hasDelayFor() {
      return !delayForFailures.isEmpty() || delayForResult;
    }
  }

  /** What {@code @CircuitBreaker} says. */
  static final class Breaker {
    final List<Fault> failOn;
    final List<Fault> skipOn;
    final int requestVolumeThreshold;
    final double failureRatio;
    final long delay;
    final int successThreshold;
    /** Whether it has a {@code name} of its own (else the label names it). */
    final boolean named;

    Breaker(
        List<Fault> failOn,
        List<Fault> skipOn,
        int requestVolumeThreshold,
        double failureRatio,
        long delay,
        int successThreshold,
        boolean named) {
      this.failOn = Collections.unmodifiableList(failOn);
      this.skipOn = Collections.unmodifiableList(skipOn);
      this.requestVolumeThreshold = requestVolumeThreshold;
      this.failureRatio = failureRatio;
      this.delay = delay;
      this.successThreshold = successThreshold;
      this.named = named;
    }
  }

  /** What {@code @RetryBudget} says. */
  static final class Budget {
    final boolean named;
    final int maxTokens;
    /** Thousandths of a token: {@code tokenRatio} is written as this / 1000. */
    final int ratioThousandths;

    Budget(boolean named, int maxTokens, int ratioThousandths) {
      this.named = named;
      this.maxTokens = maxTokens;
      this.ratioThousandths = ratioThousandths;
    }

    /** {@code tokenRatio} as written in the source. */
    String ratioSource() {
      return ratioThousandths == 1000 ? "1.0" : String.format("0.%03d", ratioThousandths);
    }
  }

  /** One {@code @Recover} method of the type. */
  static final class RecoverMethod {
    final String name;
    /** Its failure parameter; null for none. */
    final Fault failure;
    /** Whether it takes the guarded method's {@code arg} after the failure. */
    final boolean takesArg;
    /** Returns {@code CompletableFuture<String>}: a candidate of the asynchronous method only. */
    final boolean returnsFuture;
    /**
     * A {@code suspend} function ({@code Object name(..., Continuation<? super String> c)}): a
     * candidate of the {@code suspend} method only.
     */
    final boolean suspends;
    /** Returns {@code Flow<String>}: a candidate of the flow method only. */
    final boolean flows;
    /**
     * {@link Path#MONO} when it returns {@code Mono<String>}, {@link Path#SINGLE} when it returns
     * {@code Single<String>}: a candidate of that path's method only; null for neither.
     */
    final Path publisher;

    RecoverMethod(
        String name, Fault failure, boolean takesArg, boolean returnsFuture, boolean suspends) {
      this(name, failure, takesArg, returnsFuture, suspends, false);
    }

    RecoverMethod(String name, Fault failure, boolean takesArg, boolean returnsFuture,
        boolean suspends, boolean flows) {
      this(name, failure, takesArg, returnsFuture, suspends, flows, null);
    }

    RecoverMethod(String name, Fault failure, boolean takesArg, boolean returnsFuture,
        boolean suspends, boolean flows, Path publisher) {
      this.publisher = publisher;
      this.flows = flows;
      this.name = name;
      this.failure = failure;
      this.takesArg = takesArg;
      this.returnsFuture = returnsFuture;
      this.suspends = suspends;
    }
  }
}
