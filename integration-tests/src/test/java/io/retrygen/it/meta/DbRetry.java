package io.retrygen.it.meta;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A retry policy written once and named: stands for this {@code @Retryable} where it is placed. */
@Retryable(
    retryFor = IOException.class,
    maxAttempts = 4,
    backoff = @Backoff(delay = 50, multiplier = 2))
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
@interface DbRetry {}
