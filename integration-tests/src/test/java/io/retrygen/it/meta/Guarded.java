package io.retrygen.it.meta;

import io.retrygen.CircuitBreaker;
import io.retrygen.RetryBudget;
import io.retrygen.Timeout;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A breaker, a time limit per attempt and a retry budget, together under one name. */
@CircuitBreaker(
    name = Guarded.BREAKER,
    requestVolumeThreshold = 4,
    failureRatio = 1.0,
    delay = 1000)
@Timeout(50)
@RetryBudget(name = Guarded.BUDGET, maxTokens = 6, tokenRatio = 0.5)
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD})
@interface Guarded {
  String BREAKER = "meta.guarded";
  String BUDGET = "meta.guarded.budget";
}
