/** Tiny programs that each start a JVM, make one retried call (fail once, succeed) and exit. */
package io.retrygen.benchmarks.coldstart;
