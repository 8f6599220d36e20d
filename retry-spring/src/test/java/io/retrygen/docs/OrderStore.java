package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

public interface OrderStore {
  @Retryable(retryFor = TransientDataAccessException.class, maxAttempts = 4,
      backoff = @Backoff(delay = 50, multiplier = 2))
  void place(Order order);
}

@Repository
class JdbcOrderStore implements OrderStore {
  private final JdbcTemplate jdbc;

  JdbcOrderStore(JdbcTemplate jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  @Transactional
  public void place(Order order) {
    jdbc.update("insert into orders (id, sku, count) values (?, ?, ?)",
        order.id(), order.sku(), order.count());
    jdbc.update("update stock set reserved = reserved + ? where sku = ?",
        order.count(), order.sku());
  }
}

@Service
class Checkout {
  private final OrderStore orders;   // an OrderStoreRetrying around the transactional proxy

  Checkout(OrderStore orders) {
    this.orders = orders;
  }

  void place(Order order) {
    orders.place(order);
  }
}
