package io.retrygen.it.lib;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A meta-annotation compiled apart from the tests that use it, as a library's would be: the test
 * compilation reads it from the class path ({@code MetaAnnotationTest}).
 */
@Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 30))
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface SharedRetry {}
