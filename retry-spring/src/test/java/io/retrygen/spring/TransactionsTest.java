package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.JdbcOrderStore;
import io.retrygen.spring.fixtures.OrderStore;
import io.retrygen.spring.fixtures.OrderStoreRetrying;
import io.retrygen.spring.fixtures.TransactionalLedger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * One transaction per attempt, against a real embedded database: the rows of a failed attempt are
 * rolled back, the successful attempt's row is committed.
 */
class TransactionsTest {
  @Configuration(proxyBeanMethods = false)
  static class Database extends EmbeddedDatabase {
    @Override
    String schema() {
      return "orders.sql";
    }

    @Bean
    Flaky payments() {
      return new Flaky().failFirst(2);
    }

    @Bean
    OrderStore orderStore(JdbcTemplate jdbc, Flaky payments) {
      return new JdbcOrderStore(jdbc, payments);
    }
  }

  @Test
  void eachAttemptOfAnInterfaceBeanRunsInItsOwnTransaction() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Database.class)) {
      OrderStore store = context.getBean(OrderStore.class);
      assertInstanceOf(OrderStoreRetrying.class, store, "wrapped outermost");

      store.place("A-1");

      JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
      assertEquals(3, context.getBean(Flaky.class).calls());
      // The two failed attempts inserted (A-1, 1) and (A-1, 2) and were rolled back.
      assertEquals(
          List.of(Map.of("ID", "A-1", "ATTEMPT", 3)),
          jdbc.queryForList("select id, attempt from orders"));
      assertEquals(1, store.count());
    }
  }

  @Test
  void whenEveryAttemptFailsNothingIsCommitted() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Database.class)) {
      context.getBean(Flaky.class).failFirst(Integer.MAX_VALUE);
      OrderStore store = context.getBean(OrderStore.class);

      assertThrows(IllegalStateException.class, () -> store.place("B-1"));

      assertEquals(3, context.getBean(Flaky.class).calls());
      assertEquals(0, store.count());
    }
  }

  @Test
  void aClassBeanWithTransactionalFailsAtStartUpNamingTheBeanAndTheFix() {
    BeanCreationException e =
        assertThrows(
            BeanCreationException.class,
            () ->
                Contexts.start(
                    Contexts.VirtualTime.class, Database.class, TransactionalLedger.class));
    String message = rootMessage(e);
    assertTrue(message.contains("retrygen: bean 'transactionalLedger' is created as"), message);
    assertTrue(message.contains("@Transactional would wrap it in a proxy"), message);
    assertTrue(message.contains("put the retrygen annotations on an interface"), message);
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
