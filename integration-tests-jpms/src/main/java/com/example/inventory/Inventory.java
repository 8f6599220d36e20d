package com.example.inventory;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** Retried by the generated {@code InventoryRetrying}, inside a named module. */
public interface Inventory {
  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 0))
  int stock(String sku) throws IOException;

  @Recover
  default int unknown(IOException failure, String sku) {
    return -1;
  }
}
