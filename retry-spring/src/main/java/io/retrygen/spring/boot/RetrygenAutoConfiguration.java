package io.retrygen.spring.boot;

import io.retrygen.spring.EnableRetrygen;
import io.retrygen.spring.RetrygenConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * What {@link EnableRetrygen} does, applied by Spring Boot when {@code retry-spring} is on the
 * class path. {@code retrygen.enabled=false} in the environment turns every retry off (one attempt
 * per call, breakers closed, budgets taking nothing); the other {@code retrygen.*} properties
 * change single policies.
 */
@AutoConfiguration
@Import(RetrygenConfiguration.class)
public class RetrygenAutoConfiguration {}
