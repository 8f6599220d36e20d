/**
 * Writes the {@code *Retrying} class of a checked model with JavaPoet. {@link
 * io.retrygen.processor.write.RetryingWriter} lays out the class: each guard's {@code static final}
 * policy, the field an instance binds it into and the binding ({@code GuardsWriter}, {@code
 * BindingWriter}, {@code HooksWriter} for {@code retryIf} and {@code delayFor}), the constructors,
 * the policy Javadoc ({@code PolicyText}). What a guard contributes to those is its {@code
 * GuardWriter} ({@code RetryGuardWriter}, {@code BreakerGuardWriter}): a new guard is one more
 * there, listed in {@code GuardWriter.ALL}. {@code MethodWriter} writes each method's signature and
 * hands its body to the {@code BodyWriter} of its {@linkplain
 * io.retrygen.processor.model.ReturnKind return kind}: {@code SyncBodyWriter} for a value known
 * when the call returns (the inline loop), {@code DeferredBodyWriter} for one that comes later (a
 * {@code CompletionStage}, a Kotlin {@code suspend} function or {@code Flow}: a call object of the
 * kind's driver). A new return kind is one more body writer and its line in {@code
 * MethodWriter}'s table. The names the generated code uses live in {@code Names}, so one test
 * checks them against the runtime.
 *
 * <p>Writers decide nothing the model has not decided: they ask the model, never javac, and never
 * report. Uses {@code elements} and {@code model}.
 */
package io.retrygen.processor.write;
