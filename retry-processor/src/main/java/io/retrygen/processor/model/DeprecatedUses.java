package io.retrygen.processor.model;

/**
 * Whether a generated member names something deprecated, which javac reports under {@code
 * -Xlint:deprecation} unless the member is deprecated itself, and something deprecated for
 * removal, which it reports under {@code -Xlint:removal} even then.
 */
public final class DeprecatedUses {
  public static final DeprecatedUses NONE = new DeprecatedUses(false, false);

  private final boolean deprecated;
  private final boolean forRemoval;

  private DeprecatedUses(boolean deprecated, boolean forRemoval) {
    this.deprecated = deprecated;
    this.forRemoval = forRemoval;
  }

  /** @param deprecated whether something deprecated is named, not for removal */
  public static DeprecatedUses of(boolean deprecated, boolean forRemoval) {
    return deprecated || forRemoval ? new DeprecatedUses(deprecated, forRemoval) : NONE;
  }

  public DeprecatedUses and(DeprecatedUses other) {
    return of(deprecated || other.deprecated, forRemoval || other.forRemoval);
  }

  /** Whether it names something deprecated, not for removal: {@code "deprecation"}. */
  public boolean deprecated() {
    return deprecated;
  }

  /** Whether it names something deprecated for removal: {@code "removal"}. */
  public boolean forRemoval() {
    return forRemoval;
  }
}
