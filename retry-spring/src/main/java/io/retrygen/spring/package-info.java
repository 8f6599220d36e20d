/**
 * retrygen in Spring applications: {@link io.retrygen.spring.EnableRetrygen} (and, with Spring
 * Boot, {@link io.retrygen.spring.boot.RetrygenAutoConfiguration}) creates class beans as their
 * generated subclasses, wraps interface beans in their generated delegates outside every other
 * proxy, and configures the retries from the context and its environment.
 */
package io.retrygen.spring;
