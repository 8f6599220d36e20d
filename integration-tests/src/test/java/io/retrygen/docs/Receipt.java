package io.retrygen.docs;

public final class Receipt {
  private final String id;

  public Receipt(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }
}
