/**
 * OpenRewrite recipes that migrate Spring Retry's annotations and {@code RetryTemplate} builder,
 * and Spring Framework 7's {@code @Retryable}, to retrygen. Run
 * {@code io.retrygen.rewrite.MigrateToRetrygen} (declared in {@code META-INF/rewrite/retrygen.yml})
 * for all of them.
 */
package io.retrygen.rewrite;
