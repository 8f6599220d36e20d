package test;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;
import java.io.Serializable;

@Retryable(maxAttempts = 4)
public class Inventory implements Serializable {
  private static final long serialVersionUID = 1L;

  private final String region;

  public Inventory(String region) throws IOException {
    if (region.isEmpty()) {
      throw new IOException("no region");
    }
    this.region = region;
  }

  protected Inventory(String region, int... shards) {
    this.region = region + shards.length;
  }

  public int stock(String sku) throws IOException {
    return sku.length();
  }

  @Retryable(
      retryFor = IllegalStateException.class,
      maxAttempts = 2,
      backoff = @Backoff(delay = 50, maxDelay = 500, random = true))
  protected void reserve(String sku, int count) {}

  String warehouse() {
    return region;
  }

  public final String region() {
    return region;
  }

  @Deprecated
  public long legacyTotal() {
    return 0L;
  }

  @Override
  public String toString() {
    return "Inventory " + region;
  }
}
