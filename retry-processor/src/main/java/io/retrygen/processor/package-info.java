/**
 * The annotation processor that reads {@code @Retryable}, {@code @Backoff}, {@code @Recover},
 * {@code @CircuitBreaker} and {@code @RetryBudget} and writes a {@code *Retrying} class next to
 * each annotated type.
 *
 * <p>{@code RetryProcessor} runs each input through the stages, one sub-package each: {@code read}
 * builds the {@code model} (after {@code read.SuperficialCheck} made sure every type it mentions
 * is resolved, else the input waits for a later round), {@code check} applies the rules, {@code
 * ReportPrinter} prints what both recorded in the input's {@code model.Report}, and when it holds
 * no error {@code write} and {@code inventory} write the class and its policy inventory. {@code
 * elements} holds what every stage asks javac. Imports run only down that flow ({@code
 * ArchitectureTest}); {@code ARCHITECTURE.md} at the repository's root says where a new guard,
 * return kind or rule goes.
 */
package io.retrygen.processor;
