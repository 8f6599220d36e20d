package io.retrygen.it.lombok;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Maven lists Lombok after retry-processor here, so Lombok changes {@link Manager} after retrygen
 * first saw it: the generated subclass still has Lombok's constructor and guards Lombok's getter.
 */
class LombokTest {
  @Test
  void theGeneratedSubclassCallsLombokTheConstructorAndRetries() {
    AtomicInteger calls = new AtomicInteger();
    Manager.Store store =
        key -> {
          if (calls.incrementAndGet() < 3) {
            throw new IllegalStateException("busy");
          }
          return key + calls.get();
        };
    Manager manager = new ManagerRetrying(store);
    assertEquals("a3", manager.load("a"));
    assertSame(store, manager.getStore());
  }
}
