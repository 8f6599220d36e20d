package io.retrygen.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.Import;

/**
 * Puts retrygen's generated classes to work in this application context. On a
 * {@code @Configuration} class:
 *
 * <ul>
 *   <li>a bean whose class has a generated subclass ({@code OrderService} →
 *       {@code OrderServiceRetrying}) is created as that subclass, through the same constructor
 *       injection, with the rest of its definition unchanged (name, scope, qualifiers,
 *       {@code @Primary}, lifecycle methods);
 *   <li>a bean that implements an interface with a generated delegate is wrapped in that
 *       delegate, outside every other proxy, so that {@code @Transactional} and {@code @Cacheable}
 *       run inside each attempt;
 *   <li>the retries use a {@link io.retrygen.runtime.RetryOptions} bean if there is one, every
 *       {@link io.retrygen.RetryListener} bean, Micrometer meters when {@code retry-micrometer} and
 *       a {@code MeterRegistry} bean are present, and the {@code retrygen.*} properties of the
 *       environment as {@link io.retrygen.runtime.PolicyOverrides}; every
 *       {@link io.retrygen.runtime.CircuitBreakerListener} bean hears the breakers while the
 *       context is open.
 * </ul>
 *
 * <p>With Spring Boot the auto-configuration does the same without this annotation.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Import(RetrygenConfiguration.class)
public @interface EnableRetrygen {}
