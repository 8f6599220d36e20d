package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Service;

/** A class bean: created as its generated subclass, InventoryServiceRetrying. */
@Service
public class InventoryService {
  private final WarehouseClient warehouse;

  public InventoryService(@Qualifier("eu") WarehouseClient warehouse) {
    this.warehouse = warehouse;
  }

  @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 200))
  public int stock(String sku) throws IOException {
    return warehouse.stock(sku);
  }
}
