package io.retrygen;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Caps retries across calls, so that when a dependency is down its callers do not multiply its
 * load by {@code maxAttempts} (a retry storm). A process-wide token bucket shared by {@link
 * #name()}, as in gRPC's retry throttling:
 *
 * <ul>
 *   <li>the bucket holds {@link #maxTokens()} tokens and starts full;
 *   <li>an attempt whose failure {@link Retryable#retryFor()} would retry (or whose result {@link
 *       Retryable#retryOnResult()} rejects) takes 1 token, never going below 0;
 *   <li>any other outcome of an attempt (a success, a failure {@code retryFor} does not retry)
 *       gives back {@link #tokenRatio()}, never going above {@code maxTokens};
 *   <li>a retry is made only while more than {@code maxTokens / 2} tokens are left; otherwise the
 *       call gives up as if its attempts were exhausted. First attempts are never refused.
 * </ul>
 *
 * <p>With the defaults (10 tokens, ratio 0.1), once a dependency fails every call, the callers
 * together make at most 4 retries before the bucket is down to 5 tokens and retrying stops; from
 * then on each call makes its first attempt only, until successes (ten per token) bring the
 * bucket above 5 tokens again. Arithmetic is exact in thousandths of a token. {@code
 * io.retrygen.runtime.RetryBudgets.tokens(name)} reads the tokens left.
 *
 * <p>It applies only to methods a {@link Retryable} guards. Placed on a type, it covers every
 * method of it that a {@code @Retryable} guards and that has no {@code @RetryBudget} of its own
 * (the nearest one wins, as for {@code @Retryable}); placed directly on a method that no {@code
 * @Retryable} applies to, it is a compile error. Budgets of one name must have the same settings
 * in a compilation; at run time the first one created wins.
 *
 * <p>On an annotation type (a meta-annotation), it makes that type stand for it wherever the type
 * is placed, as if this {@code @RetryBudget} were written there (an unnamed one is then named by
 * the type or method it is placed on); its values are checked once, on the annotation type. One
 * level only.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
public @interface RetryBudget {

  /**
   * The bucket's name: budgets with the same name share one bucket in the process. Default: on a
   * type, its name relative to its package ({@code Outer.Client}); on a method, its label ({@link
   * Retryable#label()}, else {@code Type.method}).
   */
  String name() default "";

  /** The size of the bucket, which starts full; from 1 to 1000. Default: {@code 10}. */
  int maxTokens() default 10;

  /**
   * The tokens given back by each attempt whose outcome is not a retryable failure (a success, a
   * failure {@code retryFor} does not retry); in {@code (0, 1]}, with at most 3 decimals. Default:
   * {@code 0.1}, so ten successes pay for one retry.
   */
  double tokenRatio() default 0.1;
}
