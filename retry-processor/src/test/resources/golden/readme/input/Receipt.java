package com.acme;

public final class Receipt {
  private final String id;

  public Receipt(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }
}
