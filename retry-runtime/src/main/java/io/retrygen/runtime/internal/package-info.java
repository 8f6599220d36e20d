/**
 * Not API; may change in any release. The types only generated {@code *Retrying} classes (and
 * retrygen's own modules) call: the bound policies, the decision order of a retried call, the
 * asynchronous driver and the circuit breakers' state. Exported so that generated code in any
 * module can reach them; nothing here is meant for hand-written code, which uses {@link
 * io.retrygen.runtime}.
 */
package io.retrygen.runtime.internal;
