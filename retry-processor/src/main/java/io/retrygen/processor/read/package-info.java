/**
 * Reads an input type into the model: its supertypes in "nearest" order, the winning declaration
 * of each annotation per method, the methods named in annotations ({@code @Recover}, {@code
 * retryIf}, {@code delayFor}) resolved at compile time, its constructors.
 *
 * <p>Reading never prints: what it cannot read, it records in the input's {@link
 * io.retrygen.processor.model.Report} and goes on, so that one run reports every problem. Before
 * anything is recorded, {@link io.retrygen.processor.read.SuperficialCheck} makes sure every type
 * the input mentions is resolved; a type that is not yet (another processor may generate it) puts
 * the input off to a later round. Uses {@code elements} and {@code model}.
 */
package io.retrygen.processor.read;
