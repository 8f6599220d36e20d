package io.retrygen.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * A non-private constructor of an input class, and what the generated subclass makes of it:
 * usually the same constructor, retrying with {@code RetryOptions.defaults()}, and the same
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
  private final DeprecatedUses deprecatedUses;

  ConstructorPlan(ExecutableElement constructor, Kind kind, DeprecatedUses deprecatedUses) {
    this.constructor = constructor;
    this.kind = kind;
    this.deprecatedUses = deprecatedUses;
  }

  ExecutableElement constructor() {
    return constructor;
  }

  Kind kind() {
    return kind;
  }

  /**
   * What the generated constructors name that is deprecated: the types of the signature they
   * copy, and the constructor they call.
   */
  DeprecatedUses deprecatedUses() {
    return deprecatedUses;
  }

  /** The non-private constructors of the class {@code type}, each with its plan. */
  static List<ConstructorPlan> plansOf(
      TypeElement type, Elements elements, Types types, Deprecations deprecations) {
    List<ExecutableElement> constructors = new ArrayList<>();
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        MissingTypeException.requireResolved(constructor.asType());
        constructors.add(constructor);
      }
    }
    TypeElement options = elements.getTypeElement(Names.RETRY_OPTIONS.canonicalName());
    List<ConstructorPlan> plans = new ArrayList<>();
    for (ExecutableElement constructor : constructors) {
      boolean hasPlainTwin = false; // it is (RetryOptions, rest...) and (rest...) exists
      boolean hasOptionsTwin = false; // (RetryOptions, its parameters...) exists
      for (ExecutableElement other : constructors) {
        if (options != null) {
          hasPlainTwin |= Declarations.takesThen(types, constructor, options.asType(), other);
          hasOptionsTwin |= Declarations.takesThen(types, other, options.asType(), constructor);
        }
      }
      // With both, as (RetryOptions a) next to () and (RetryOptions a, RetryOptions b): its own
      // options are what it shares, and its options variant would be the third's signature.
      plans.add(
          new ConstructorPlan(
              constructor,
              hasPlainTwin ? Kind.SHARES_OPTIONS : hasOptionsTwin ? Kind.PLAIN_ONLY : Kind.REGULAR,
              deprecations
                  .ofSignature((ExecutableType) constructor.asType())
                  .and(deprecations.of(constructor))));
    }
    return plans;
  }
}
