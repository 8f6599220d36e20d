package io.retrygen.docs;

import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Properties;

/** Changing policies without recompiling: overrides from system properties or a file. */
final class Overrides {
  private Overrides() {}

  static OrderStore fromSystemProperties(OrderStore jdbcStore) {
    // -Dretrygen.retry.OrderStore.load.maxAttempts=6 -Dretrygen.retry.OrderStore.load.delay=200
    PolicyOverrides overrides = PolicyOverrides.from(System.getProperties()); // other keys ignored
    RetryOptions options = RetryOptions.builder().overrides(overrides).build();
    OrderStore store = new OrderStoreRetrying(jdbcStore, options);
    return store;
  }

  static RetryOptions fromFile() throws IOException {
    Properties file = new Properties();
    try (Reader in = Files.newBufferedReader(Paths.get("retry.properties"))) {
      file.load(in);
    }
    RetryOptions options = RetryOptions.builder().overrides(PolicyOverrides.from(file)).build();
    return options;
  }
}
