/** Helpers of run.sh: timing whole processes and printing the combined Markdown report. */
package io.retrygen.benchmarks.tools;
