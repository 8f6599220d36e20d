/**
 * Not API: the drivers that generated code calls for methods returning Reactor's {@code Mono} and
 * {@code Flux}. A user puts this module on the classpath, and the generated classes use it.
 */
package io.retrygen.reactor;
