/**
 * What was read, as values: one {@link io.retrygen.processor.model.RetryableType} per input, with
 * a {@link io.retrygen.processor.model.GuardedMethod} per method the generated class implements or
 * overrides, its guards (retry, breaker, budget, timeout, recover), its return kind and every
 * default decided once; and the {@link io.retrygen.processor.model.Report} the stages record
 * problems in.
 *
 * <p>The model answers questions; it does not ask javac new ones after reading, so the writers
 * never see an element the reader has not looked at. It uses only {@code elements}. A new guard
 * is one more config class here (as {@code BreakerConfig}) and one more field of {@code
 * GuardedMethod}; a new return kind is one more
 * constant of {@link io.retrygen.processor.model.ReturnKind}.
 */
package io.retrygen.processor.model;
