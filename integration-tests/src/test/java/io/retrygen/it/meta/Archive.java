package io.retrygen.it.meta;

import io.retrygen.it.lib.SharedRetry;
import java.io.IOException;

/**
 * Only a meta-annotation read from the class path (compiled with the module's main sources) makes
 * this type an input: no annotation of retrygen's is written in it.
 */
@SharedRetry
interface Archive {
  String fetch(String id) throws IOException;
}
