package io.retrygen.it;

/** Work that may throw a checked failure of a type chosen by the caller. */
interface Task<X extends Exception> {
  String run() throws X;
}
