package io.retrygen.it;

import java.io.IOException;

/** A failure whose {@code delayFor} overload throws: it cannot read the wait it was sent. */
class MalformedHeaderException extends IOException {
  private static final long serialVersionUID = 1L;

  MalformedHeaderException(String header) {
    super(header);
  }
}
