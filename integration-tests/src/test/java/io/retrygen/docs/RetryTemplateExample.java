package io.retrygen.docs;

import io.retrygen.runtime.AsyncRetryTemplate;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryTemplate;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

public final class RetryTemplateExample {
  public static void main(String[] args) throws Exception {
    for (String line : run()) {
      System.out.println(line);
    }
  }

  static List<String> run() throws Exception {
    List<String> log = new ArrayList<>();
    RetryTemplate template = RetryTemplate.builder()        // immutable: build once, share
        .maxAttempts(4)                                     // the first attempt and up to 3 retries
        .backoff(BackoffPolicy.exponential(10, 2.0, 100))   // waits 10, 20, 40 ms
        .retryOn(IOException.class)
        .notRetryOn(FileNotFoundException.class)            // exclusion wins
        .label("inventory.fetch")                           // in events and statistics
        .build();

    Inventory inventory = new Inventory(2);                 // fails twice, then answers
    int stock = template.execute(context -> inventory.fetch("sku-1"));
    log.add("sku-1: " + stock + " after " + inventory.calls + " calls");

    int unknown = template.execute(
        context -> inventory.fetch("sku-404"),              // FileNotFoundException: not retried
        context -> {                                        // recovery, when the template gives up
          log.add("gave up after attempt " + context.attempt() + ": " + context.lastFailure());
          return -1;
        });
    log.add("sku-404: " + unknown);

    Inventory flaky = new Inventory(1);
    CompletableFuture<Integer> later =                      // returns at once, retries off-thread
        AsyncRetryTemplate.of(template).execute(context -> flaky.fetchAsync("sku-2"));
    log.add("sku-2: " + later.join() + " after " + flaky.calls + " calls");
    return log;
  }

  /** A stand-in for a remote inventory that fails its first calls with an IOException. */
  static final class Inventory {
    private int failures;
    int calls;

    Inventory(int failures) {
      this.failures = failures;
    }

    int fetch(String sku) throws IOException {
      calls++;
      if (sku.equals("sku-404")) {
        throw new FileNotFoundException(sku);
      }
      if (failures > 0) {
        failures--;
        throw new IOException("connection reset");
      }
      return 42;
    }

    CompletableFuture<Integer> fetchAsync(String sku) {
      CompletableFuture<Integer> stage = new CompletableFuture<>();
      try {
        stage.complete(fetch(sku));
      } catch (IOException e) {
        stage.completeExceptionally(e);
      }
      return stage;
    }
  }
}
