package io.retrygen.oracle;

/** The ten ways a policy is run: the generated methods and the templates. */
enum Path {
  /** The generated {@code String call(String arg)}. */
  SYNC(false, false, false, false),
  /** The generated {@code callAsync}, driven by a manual scheduler. */
  ASYNC(true, false, false, false),
  /** {@code RetryTemplate} built with the policy's settings. */
  TEMPLATE(false, true, false, false),
  /** {@code AsyncRetryTemplate} of that template. */
  ASYNC_TEMPLATE(true, true, false, false),
  /**
   * The generated {@code Object callSuspend(String arg, Continuation<? super String> c)}, the JVM
   * shape of a Kotlin {@code suspend} function, driven in a coroutine on a test dispatcher in
   * virtual time ({@link Coroutines}); waits are {@code delay}, not the options' sleeper.
   */
  SUSPEND(false, false, true, false),
  /**
   * The generated {@code Flow<String> callFlowN(String arg)} (SPEC §14), its flow collected
   * ({@code toList}) in a coroutine on the test dispatcher in virtual time as on {@link
   * #SUSPEND}; a coroutine's path too, but without cancellations: the script's interrupts and
   * cancelled waits mean nothing on it (left out: a collection is not cancelled here).
   */
  FLOW(false, false, true, true),
  /**
   * The generated {@code Mono<String> callMonoN(String arg)} (SPEC §15), subscribed by a plain
   * subscriber with the options' scheduler the manual one, as on {@link #ASYNC}: attempts whose
   * signal comes later, waits scheduled (none for 0 ms: the loop's waits are the subscription's
   * sleeper, step 9). Without cancellations, as {@link #ASYNC}: no subscription is disposed.
   */
  MONO(true, false, false, false, true),
  /**
   * The generated RxJava 3 {@code Single<String> callSingleN(String arg)} (SPEC §15): the same
   * loop and model as {@link #MONO} on the other library, observed by a plain {@code
   * SingleObserver}.
   */
  SINGLE(true, false, false, false, true),
  /**
   * The generated {@code String callStatefulN(String arg)}: the pair's annotations with {@code
   * stateful = true} (SPEC §19), called with the keys of a stateful script, one attempt a call.
   */
  STATEFUL(false, false, false, false, false, true),
  /**
   * {@code RetryTemplate.execute(callback, recovery, RetryState.of(key))} with the policy's
   * settings and a label of its own, always (the state is kept per label, and {@code
   * "RetryTemplate"} would share it with every other case's).
   */
  STATEFUL_TEMPLATE(false, true, false, false, false, true);

  final boolean async;
  final boolean template;
  /** A coroutine's path: neither {@link #async} nor synchronous (SPEC §14). */
  final boolean suspend;
  /** The flow's path ({@link #FLOW}), a coroutine's path too ({@link #suspend}). */
  final boolean flow;
  /**
   * A reactive publisher's path ({@link #MONO}, {@link #SINGLE}), an asynchronous one too ({@link
   * #async}).
   */
  final boolean reactive;
  /**
   * A stateful path ({@link #STATEFUL}, {@link #STATEFUL_TEMPLATE}): each call one attempt,
   * counted against its key across calls (SPEC §19); run with the case's stateful script.
   */
  final boolean stateful;

  Path(boolean async, boolean template, boolean suspend, boolean flow) {
    this(async, template, suspend, flow, false);
  }

  Path(boolean async, boolean template, boolean suspend, boolean flow, boolean reactive) {
    this(async, template, suspend, flow, reactive, false);
  }

  Path(boolean async, boolean template, boolean suspend, boolean flow, boolean reactive,
      boolean stateful) {
    this.stateful = stateful;
    this.reactive = reactive;
    this.flow = flow;
    this.async = async;
    this.template = template;
    this.suspend = suspend;
  }

  /**
   * The suffix of the names that tell the methods of a pair apart (labels, breakers, budgets):
   * the templates go by the synchronous method's, but for the stateful ones, which keep their
   * state under their label and must not share it.
   */
  String suffix() {
    return this == STATEFUL ? "t" : this == STATEFUL_TEMPLATE ? "u" : this == SINGLE ? "r" : reactive ? "m" : flow ? "f" : suspend ? "k"
        : async && !template ? "a" : "s";
  }
}
