/**
 * The retrygen runtime that generated classes call. Compiled for Java 9 into {@code
 * META-INF/versions/9} of a multi-release jar; the classes stay Java 8. A user module needs only
 * {@code requires io.retrygen.runtime;}: the annotations come with it.
 */
module io.retrygen.runtime {
  requires transitive io.retrygen;

  exports io.retrygen.runtime;
  // Not API: what generated classes call, exported so that generated code in any module can.
  exports io.retrygen.runtime.internal;
}
