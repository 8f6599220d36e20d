package io.retrygen.processor;

import javax.lang.model.element.ExecutableElement;

/**
 * A non-private constructor of an input class, and what the generated subclass makes of it (SPEC
 * §2): usually the same constructor, retrying with {@code RetryOptions.defaults()}, and the same
 * again with a leading {@code RetryOptions}. When the class has both {@code (RetryOptions,
 * rest...)} and {@code (rest...)}, the two would clash: the generated class has that signature
 * once, and it retries with the options it passes to {@code super}.
 */
final class ConstructorPlan {
  enum Kind {
    /** {@code (rest...)} calling {@code this(RetryOptions.defaults(), rest...)}, and the latter. */
    REGULAR,
    /**
     * {@code (rest...)} of a class that also has {@code (RetryOptions, rest...)}: only the plain
     * constructor, calling {@code super(rest...)} and retrying with the defaults.
     */
    PLAIN_ONLY,
    /**
     * {@code (RetryOptions options, rest...)} of a class that also has {@code (rest...)}: calls
     * {@code super(options, rest...)} and retries with the same {@code options}.
     */
    SHARES_OPTIONS
  }

  private final ExecutableElement constructor;
  private final Kind kind;

  ConstructorPlan(ExecutableElement constructor, Kind kind) {
    this.constructor = constructor;
    this.kind = kind;
  }

  ExecutableElement constructor() {
    return constructor;
  }

  Kind kind() {
    return kind;
  }
}
