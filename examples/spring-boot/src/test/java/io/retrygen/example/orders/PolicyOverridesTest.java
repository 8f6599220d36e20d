package io.retrygen.example.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.retrygen.example.orders.NoWaits.RecordingSleeper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/** {@code retrygen.retry.<label>.*} properties of the environment change single policies. */
@SpringBootTest(properties = {
    // Fewer attempts than the annotation's 4: the warehouse's two 503s now win.
    "retrygen.retry.ReservationService.reserve.max-attempts=2",
    // More attempts than the annotation's 3, and a longer wait, against a slower payment provider.
    "retrygen.retry.OrderBook.place.max-attempts=5",
    "retrygen.retry.OrderBook.place.delay=15",
    "demo.payments.failures=4",
})
@Import(NoWaits.class)
class PolicyOverridesTest {
  @Autowired ReservationService reservations;
  @Autowired OrderBook orders;
  @Autowired WarehouseClient warehouse;
  @Autowired PaymentGateway payments;
  @Autowired RecordingSleeper sleeper;

  @Test
  void fewerAttempts() {
    sleeper.waits.clear();

    assertThatThrownBy(() -> reservations.reserve("p-fewer", "kettle", 1))
        .isInstanceOf(WarehouseUnavailableException.class);
    assertThat(warehouse.calls("p-fewer")).isEqualTo(2);
    assertThat(sleeper.waits).containsExactly(20L);
  }

  @Test
  void moreAttemptsEachInItsOwnTransaction() {
    sleeper.waits.clear();

    Order order = orders.place("p-more", "teapot", 1, "R-p-more");

    assertThat(order.status()).isEqualTo("PAID");
    assertThat(payments.calls("p-more")).isEqualTo(5);
    assertThat(orders.rows("p-more")).isEqualTo(1);
    assertThat(sleeper.waits).containsExactly(15L, 15L, 15L, 15L);
  }
}
