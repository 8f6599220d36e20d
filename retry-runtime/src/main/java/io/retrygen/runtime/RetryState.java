package io.retrygen.runtime;

/**
 * The key of a stateful {@link RetryTemplate#execute(RetryCallback, RecoveryCallback, RetryState)
 * execute}: the attempts of calls with equal keys ({@code equals}/{@code hashCode}) are counted
 * together, across calls, as Spring Retry's {@code RetryState} counts them. Immutable.
 *
 * <pre>{@code
 * template.execute(context -> handle(message), context -> deadLetter(message),
 *     RetryState.of(message.id()));
 * }</pre>
 */
public final class RetryState {
  private final Object key;
  private final boolean forceRefresh;

  private RetryState(Object key, boolean forceRefresh) {
    this.key = key;
    this.forceRefresh = forceRefresh;
  }

  /** The state of {@code key}, which may be null (then it is one key like any other). */
  public static RetryState of(Object key) {
    return new RetryState(key, false);
  }

  /**
   * The state of {@code key}; with {@code forceRefresh}, the call first forgets what earlier calls
   * counted for it (Spring Retry's {@code forceRefresh}: a message known to be new).
   */
  public static RetryState of(Object key, boolean forceRefresh) {
    return new RetryState(key, forceRefresh);
  }

  /** What calls are counted by. */
  public Object key() {
    return key;
  }

  /** Whether the call forgets the key's earlier attempts before it makes its own. */
  public boolean forceRefresh() {
    return forceRefresh;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof RetryState)) {
      return false;
    }
    RetryState that = (RetryState) o;
    return forceRefresh == that.forceRefresh
        && (key == null ? that.key == null : key.equals(that.key));
  }

  @Override
  public int hashCode() {
    return (key == null ? 0 : key.hashCode()) * 31 + (forceRefresh ? 1 : 0);
  }

  @Override
  public String toString() {
    return "RetryState{" + key + (forceRefresh ? ", forceRefresh" : "") + "}";
  }
}
