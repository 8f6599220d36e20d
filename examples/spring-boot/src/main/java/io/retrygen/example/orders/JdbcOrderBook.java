package io.retrygen.example.orders;

import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** The order book in the database, through {@link JdbcTemplate}. */
@Repository
public class JdbcOrderBook implements OrderBook {
  private static final long CENTS_PER_ITEM = 1250;

  private final JdbcTemplate jdbc;
  private final PaymentGateway payments;

  public JdbcOrderBook(JdbcTemplate jdbc, PaymentGateway payments) {
    this.jdbc = jdbc;
    this.payments = payments;
  }

  /**
   * Inserts the order, then authorizes the payment: when the provider times out the insert is
   * rolled back with the transaction, and the retry (outside it) starts a new one.
   */
  @Override
  @Transactional
  public Order place(String orderId, String sku, int quantity, String reservation) {
    jdbc.update(
        "insert into orders (order_id, sku, quantity, reservation, status) values (?, ?, ?, ?, ?)",
        orderId, sku, quantity, reservation, "NEW");
    String payment = payments.authorize(orderId, quantity * CENTS_PER_ITEM);
    jdbc.update("update orders set payment = ?, status = ? where order_id = ?",
        payment, "PAID", orderId);
    return new Order(orderId, sku, quantity, reservation, payment, "PAID");
  }

  @Override
  @Transactional(readOnly = true)
  public List<Order> all() {
    return jdbc.query(
        "select order_id, sku, quantity, reservation, payment, status from orders order by id",
        (row, i) -> new Order(row.getString(1), row.getString(2), row.getInt(3),
            row.getString(4), row.getString(5), row.getString(6)));
  }

  @Override
  public int rows(String orderId) {
    Integer rows = jdbc.queryForObject(
        "select count(*) from orders where order_id = ?", Integer.class, orderId);
    return rows == null ? 0 : rows;
  }
}
