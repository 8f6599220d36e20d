package io.retrygen.docs;

import java.io.IOException;

/** What {@link InventoryService} calls. */
public interface WarehouseClient {
  int stock(String sku) throws IOException;
}
