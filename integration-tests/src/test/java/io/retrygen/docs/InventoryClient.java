package io.retrygen.docs;

import io.retrygen.Retryable;
import io.retrygen.RetryBudget;
import java.io.IOException;

@RetryBudget                                    // 10 tokens, 0.1 back per success
@Retryable(retryFor = IOException.class)
public interface InventoryClient {
  Stock stock(String sku) throws IOException;
  Reservation reserve(String sku, int quantity) throws IOException;

  /** How many of a SKU are in stock. */
  final class Stock {
    public final int count;

    public Stock(int count) {
      this.count = count;
    }
  }

  /** A reservation made. */
  final class Reservation {
    public final String id;

    public Reservation(String id) {
      this.id = id;
    }
  }
}
