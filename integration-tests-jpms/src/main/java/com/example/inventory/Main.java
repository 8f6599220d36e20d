package com.example.inventory;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.StatisticsListener;
import java.io.IOException;

/**
 * Runs the generated class on the module path and fails (exit status 1) unless the runtime and
 * the annotations are named modules with their descriptors, and a call retries and recovers.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws IOException {
    check(Main.class.getModule().isNamed(), "the application runs as a named module");
    Module runtime = RetryOptions.class.getModule();
    Module api = io.retrygen.Retryable.class.getModule();
    check("io.retrygen.runtime".equals(runtime.getName()), "runtime module: " + runtime);
    check(!runtime.getDescriptor().isAutomatic(), "io.retrygen.runtime has a descriptor");
    check("io.retrygen".equals(api.getName()), "annotations module: " + api);
    check(!api.getDescriptor().isAutomatic(), "io.retrygen has a descriptor");
    check(Main.class.getModule().canRead(api), "requires transitive io.retrygen");

    int[] calls = {0};
    Inventory flaky =
        sku -> {
          if (++calls[0] < 3) {
            throw new IOException("unavailable");
          }
          return 7;
        };
    StatisticsListener statistics = new StatisticsListener();
    Inventory inventory =
        new InventoryRetrying(flaky, RetryOptions.builder().listener(statistics).build());
    check(inventory.stock("sku-1") == 7, "retried until the third attempt succeeded");
    check(calls[0] == 3, "three attempts: " + calls[0]);
    Inventory down =
        sku -> {
          throw new IOException("down");
        };
    check(new InventoryRetrying(down).stock("sku-2") == -1, "recovered when it gave up");
    check(
        statistics.statistics("Inventory.stock").successfulWithRetry() == 1,
        "the listener counted the call");
    System.out.println("io.retrygen.runtime on the module path: OK");
  }

  private static void check(boolean condition, String what) {
    if (!condition) {
      System.err.println("FAILED: " + what);
      System.exit(1);
    }
  }
}
