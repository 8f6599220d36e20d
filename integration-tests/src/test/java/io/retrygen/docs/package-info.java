/**
 * The user guide's examples ({@code README.md}, {@code docs/}): each guide block of Java code is a
 * copy or an excerpt of a file here, compiled with the processor and, where it is a test, run.
 */
package io.retrygen.docs;
