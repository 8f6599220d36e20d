package io.retrygen.it.meta;

import java.io.IOException;

/** A meta-annotation on a method, not on the type. */
interface Journal {
  @DbRetry
  String entry(String id) throws IOException;

  /** Not guarded: forwarded as it is. */
  String owner(String id) throws IOException;
}
