package io.retrygen.processor.write;

import com.squareup.javapoet.MethodSpec;
import io.retrygen.processor.model.GuardedMethod;

/**
 * Writes the body of a guarded method of one {@linkplain io.retrygen.processor.model.ReturnKind
 * return kind}, after its signature: the synchronous loop ({@link SyncBodyWriter}), a call of the
 * asynchronous driver ({@link DeferredBodyWriter}). A body writer writes the guards it finds in the
 * model (retry, breaker, recovery) in its kind's way, calling the runtime's driver for that kind
 * and its decision order; it decides nothing the model has not.
 */
interface BodyWriter {
  /** Adds the body of {@code method} to {@code builder}, whose signature is written. */
  void addBody(MethodSpec.Builder builder, GuardedMethod method, MethodParts parts);
}
