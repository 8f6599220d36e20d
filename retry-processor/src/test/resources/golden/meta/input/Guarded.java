package test;

import io.retrygen.CircuitBreaker;
import io.retrygen.RetryBudget;
import io.retrygen.Timeout;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A breaker, a time limit and a retry budget for calls to the warehouse's search index. */
@CircuitBreaker(name = "search", requestVolumeThreshold = 10)
@Timeout(250)
@RetryBudget(maxTokens = 20)
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Guarded {}
