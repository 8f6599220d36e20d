package io.retrygen.it;

import io.retrygen.Recover;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A superclass with a recover method; it has nothing guarded, so nothing is generated for it. */
class RecoveringStoreBase {
  /** The instance each recover method ran on, and the failure it got. */
  final List<Object> recoveredOn = new ArrayList<>();
  final List<Throwable> recoveredFailures = new ArrayList<>();

  @Recover
  protected String loadFailed(IOException failure, String key) {
    recoveredOn.add(this);
    recoveredFailures.add(failure);
    return "cached " + key;
  }
}
