package io.retrygen.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The guide's overrides examples (docs/configuration.md) use the keys they say they use. */
class OverridesTest {
  private final OrderStore jdbcStore = new OrderStore() {
    @Override
    public String load(long id) {
      return "order " + id;
    }

    @Override
    public void save(String order) {}
  };

  @Test
  void theGuidesFileOfOverridesNamesTheStoresPolicies() throws Exception {
    Properties file = new Properties();
    try (InputStream in = getClass().getResourceAsStream("retry.properties")) {
      file.load(in);
    }
    PolicyOverrides overrides = PolicyOverrides.from(file);
    OrderStore store =
        new OrderStoreRetrying(jdbcStore, RetryOptions.builder().overrides(overrides).build());
    assertEquals("order 7", store.load(7));
    // The breaker "inventory" and the budget "InventoryClient" belong to other types.
    assertEquals("[retrygen.budget.InventoryClient.maxTokens,"
        + " retrygen.circuitbreaker.inventory.failureRatio]",
        overrides.unusedKeys().toString());
  }

  /** The two lines docs/configuration.md quotes are what the runtime says. */
  @Test
  void theGuideQuotesTheErrorAndTheDescription() throws Exception {
    List<String> page = Files.readAllLines(Paths.get("..", "docs", "configuration.md"));
    Map<String, String> keys = new HashMap<>();
    keys.put("retrygen.retry.OrderStore.load.maxDelay", "20");
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> new OrderStoreRetrying(jdbcStore,
            RetryOptions.builder().overrides(PolicyOverrides.from(keys)).build()));
    assertTrue(page.contains(error.getMessage()), error.getMessage());

    keys.clear();
    keys.put("retrygen.retry.OrderStore.load.maxAttempts", "6");
    keys.put("retrygen.retry.OrderStore.load.delay", "200");
    PolicyOverrides overrides = PolicyOverrides.from(keys);
    new OrderStoreRetrying(jdbcStore, RetryOptions.builder().overrides(overrides).build());
    String described = overrides.describe("OrderStore.load");
    assertTrue(page.contains(described), described);
  }

  @Test
  void systemPropertiesAreReadToo() throws Exception {
    assertEquals("order 1", Overrides.fromSystemProperties(jdbcStore).load(1));
  }
}
