/**
 * Writes the {@code *Retrying} class of a checked model with JavaPoet: {@link
 * io.retrygen.processor.write.RetryingWriter} lays out the class (policies, fields, constructors,
 * the policy Javadoc) and hands each guarded method to the body writer of its return kind: {@link
 * io.retrygen.processor.write.MethodWriter} for a value returned at once (the inline loop), {@link
 * io.retrygen.processor.write.AsyncMethodWriter} for a {@code CompletionStage}. Guards are written
 * by the guard writers ({@code GuardsWriter}: the {@code static final} policies and their bindings;
 * {@code HooksWriter}: {@code retryIf} and {@code delayFor}); names the generated code uses live in
 * {@link io.retrygen.processor.write.Names}, so one test checks them against the runtime.
 *
 * <p>Writers decide nothing the model has not decided: they ask the model, never javac, and never
 * report. Uses {@code elements} and {@code model}.
 */
package io.retrygen.processor.write;
