/** JMH benchmarks of one retried call: retrygen's generated wrappers against the alternatives. */
package io.retrygen.benchmarks;
