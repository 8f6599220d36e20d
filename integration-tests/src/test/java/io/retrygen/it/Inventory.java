package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/** A class input: the generated {@code InventoryRetrying} extends it. */
class Inventory {
  final Script script;
  final String name;
  final int capacity;
  final List<String> tags;
  int plainCalls;

  Inventory(Script script) {
    this(script, "default", 10);
  }

  Inventory(Script script, String name, int capacity) {
    this.script = script;
    this.name = name;
    this.capacity = capacity;
    this.tags = Collections.emptyList();
  }

  /** A constructor that can fail: its {@code throws} is mirrored. */
  Inventory(String name) throws IOException {
    if (name.isEmpty()) {
      throw new IOException("empty name");
    }
    this.script = Script.succeeding();
    this.name = name;
    this.capacity = 0;
    this.tags = Collections.emptyList();
  }

  protected Inventory(Script script, String... tags) {
    this.script = script;
    this.name = "tagged";
    this.capacity = tags.length;
    this.tags = Arrays.asList(tags);
  }

  /** Not mirrored. */
  private Inventory(int capacity) {
    this(Script.succeeding(), "private", capacity);
  }

  static Inventory withCapacity(int capacity) {
    return new Inventory(capacity);
  }

  @Retryable(retryFor = IOException.class, maxAttempts = 3, backoff = @Backoff(delay = 50))
  public int reserve(String sku, int quantity) throws IOException {
    script.call(IOException.class);
    return quantity;
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  protected String protectedWork() {
    script.call();
    return "protected";
  }

  @Retryable(maxAttempts = 2, backoff = @Backoff(delay = 0))
  void packagePrivateWork() {
    script.call();
  }

  /** Not guarded: the subclass leaves it alone. */
  public String plain() throws IOException {
    plainCalls++;
    script.call(IOException.class);
    return "plain";
  }

  /** Not guarded itself, but calls a guarded method on {@code this}. */
  public String reserveTwice() throws IOException {
    return "reserved " + (this.reserve("a", 1) + reserve("b", 2));
  }
}
