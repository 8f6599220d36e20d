/**
 * Facts about javac's elements and types that every stage asks, and nothing about our model: the
 * names of our annotations and runtime types as strings (the processor never loads them), how an
 * annotation value is read as a mirror, which of ours apply to an element (written, or carried by a
 * meta-annotation), what the generated class can see and override, which
 * return types are futures, how messages name types and methods.
 *
 * <p>The bottom of the processor: it uses no other package of it. A helper belongs here when it
 * answers a question about the user's code that more than one stage asks; a helper that one stage
 * alone needs stays in that stage.
 */
package io.retrygen.processor.elements;
