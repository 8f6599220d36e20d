package io.retrygen.runtime;

import io.retrygen.runtime.internal.AsyncCall;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Retries a callback that returns a {@link CompletionStage}, without blocking, with the settings
 * of a {@link RetryTemplate} and the runtime of an asynchronous {@code @Retryable} method: the
 * first attempt on the caller's thread, later ones after their wait on the scheduler of the
 * template's options, or when none was set on the runtime's daemon timer, which hands each to
 * a pool of daemon threads the runtime owns (never {@code ForkJoinPool.commonPool()}), so an
 * attempt that blocks never delays another call's; {@code CompletionException}/{@code
 * ExecutionException} unwrapped before classification, and a returned future whose cancellation
 * stops the retries and cancels the attempt in flight.
 *
 * <pre>{@code
 * AsyncRetryTemplate async = AsyncRetryTemplate.of(template);
 * CompletableFuture<Quote> quote = async.execute(context -> client.quoteAsync(symbol));
 * }</pre>
 *
 * <p>Immutable and thread-safe. Needs Android API 24.
 */
@Api24
public final class AsyncRetryTemplate {
  private final RetryTemplate template;

  private AsyncRetryTemplate(RetryTemplate template) {
    this.template = template;
  }

  /** The asynchronous form of {@code template}: same settings, same label, same listeners. */
  public static AsyncRetryTemplate of(RetryTemplate template) {
    if (template == null) {
      throw new NullPointerException("template == null");
    }
    return new AsyncRetryTemplate(template);
  }

  /**
   * Starts the first attempt and returns at once a future that completes with the first success,
   * or the last failure unwrapped when the template gives up.
   */
  public <T> CompletableFuture<T> execute(AsyncRetryCallback<T> callback) {
    if (callback == null) {
      throw new NullPointerException("callback == null");
    }
    return new TemplateCall<T>(template, callback).start();
  }

  /** One call: its attempts ask the template what a generated method's hooks would. */
  @Api24
  private static final class TemplateCall<T> extends AsyncCall<T> {
    private final RetryTemplate template;
    private final AsyncRetryCallback<T> callback;
    private final TemplateContext context;

    TemplateCall(RetryTemplate template, AsyncRetryCallback<T> callback) {
      super(template.retrier(), null);
      this.template = template;
      this.callback = callback;
      this.context = new TemplateContext(template.label());
    }

    @Override
    protected CompletionStage<? extends T> call() throws Exception {
      context.attempt++;
      return callback.doWithRetry(context);
    }

    @Override
    protected boolean retryable(Throwable failure) {
      context.lastFailure = failure;
      return template.rules().retryable(failure);
    }

    @Override
    protected boolean retryIf(Throwable failure) {
      return template.rules().retryIf(failure);
    }
  }
}
