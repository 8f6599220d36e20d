package test;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.sql.SQLTransientException;

/** The team's retry policy for database calls, written once. */
@Retryable(
    retryFor = SQLTransientException.class,
    maxAttempts = 4,
    backoff = @Backoff(delay = 50, multiplier = 2))
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface DbRetry {}
