/**
 * The retrygen API: the annotations the processor reads and the listener types. Compiled for
 * Java 9 into {@code META-INF/versions/9} of a multi-release jar; the classes stay Java 8.
 */
module io.retrygen {
  exports io.retrygen;
}
