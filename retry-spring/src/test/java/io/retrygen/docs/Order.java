package io.retrygen.docs;

/** An order to place. */
public final class Order {
  private final String id;
  private final String sku;
  private final int count;

  public Order(String id, String sku, int count) {
    this.id = id;
    this.sku = sku;
    this.count = count;
  }

  public String id() {
    return id;
  }

  public String sku() {
    return sku;
  }

  public int count() {
    return count;
  }
}
