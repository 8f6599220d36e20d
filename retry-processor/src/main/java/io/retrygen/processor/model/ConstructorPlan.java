package io.retrygen.processor.model;

import javax.lang.model.element.ExecutableElement;

/**
 * A non-private constructor of an input class, and what the generated subclass makes of it:
 * usually the same constructor, retrying with {@code RetryOptions.defaults()}, and the same
 * again with a leading {@code RetryOptions}. When the class has both {@code (RetryOptions,
 * rest...)} and {@code (rest...)}, the two would clash: the generated class has that signature
 * once, and it retries with the options it passes to {@code super}.
 */
public final class ConstructorPlan {
  public enum Kind {
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
  private final DeprecatedUses deprecatedUses;
  private final CopiedAnnotations annotations;

  public ConstructorPlan(
      ExecutableElement constructor,
      Kind kind,
      DeprecatedUses deprecatedUses,
      CopiedAnnotations annotations) {
    this.constructor = constructor;
    this.kind = kind;
    this.deprecatedUses = deprecatedUses;
    this.annotations = annotations;
  }

  public ExecutableElement constructor() {
    return constructor;
  }

  public Kind kind() {
    return kind;
  }

  /**
   * What the generated constructors name that is deprecated: the types of the signature they
   * copy, and the constructor they call.
   */
  public DeprecatedUses deprecatedUses() {
    return deprecatedUses;
  }

  /**
   * The {@code RUNTIME} annotations of the constructor's parameters, which the generated
   * constructors' parameters carry too: a framework that injects through the generated class's
   * constructor (Spring's {@code @Qualifier}, {@code @Value}) must see them. The constructor's own
   * annotations are not copied: the generated class has two constructors for each of the input's,
   * and an {@code @Autowired} on both would be ambiguous.
   */
  public CopiedAnnotations annotations() {
    return annotations;
  }
}
