package io.retrygen.example.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.retrygen.example.orders.NoWaits.RecordingSleeper;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;

/** {@code retrygen.enabled=false}: every guarded method makes one attempt. */
@SpringBootTest(properties = "retrygen.enabled=false")
@Import(NoWaits.class)
class KillSwitchTest {
  @Autowired ReservationService reservations;
  @Autowired OrderBook orders;
  @Autowired WarehouseClient warehouse;
  @Autowired PaymentGateway payments;
  @Autowired RecordingSleeper sleeper;

  @Test
  void oneAttemptPerCall() {
    sleeper.waits.clear();

    assertThatThrownBy(() -> reservations.reserve("k-reserve", "kettle", 1))
        .isInstanceOf(WarehouseUnavailableException.class);
    assertThatThrownBy(() -> orders.place("k-place", "mug", 1, "R-k-place"))
        .isInstanceOf(PaymentTimeoutException.class);

    assertThat(warehouse.calls("k-reserve")).isEqualTo(1);
    assertThat(payments.calls("k-place")).isEqualTo(1);
    assertThat(orders.rows("k-place")).isZero(); // the one attempt was rolled back
    assertThat(sleeper.waits).isEmpty();
    // Still the generated classes: the switch is in their options, not in the wiring.
    assertThat(reservations).isInstanceOf(ReservationServiceRetrying.class);
  }
}
