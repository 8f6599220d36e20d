/**
 * The rules of the contract and the warnings about probable mistakes, run on the model once it is
 * read: each problem becomes an entry in the input's {@link io.retrygen.processor.model.Report},
 * on the annotation value that is wrong where there is one, with the rule and the fix. Checks never
 * print and never stop at the first problem; the processor prints the report, and writes the
 * generated class only when it holds no error.
 *
 * <p>A validator per thing checked (the input type, {@code @Retryable}, {@code @CircuitBreaker},
 * {@code @RetryBudget}, {@code @Timeout}, return types, meta-annotations), a warnings class per
 * kind of warning; {@link io.retrygen.processor.check.Validator} runs them in order. A new guard
 * brings its own validator here. Uses {@code elements}, {@code model} and the lookups of {@code
 * read}.
 */
package io.retrygen.processor.check;
