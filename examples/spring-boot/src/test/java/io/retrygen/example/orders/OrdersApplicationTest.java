package io.retrygen.example.orders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.search.Search;
import io.retrygen.example.orders.NoWaits.RecordingSleeper;
import io.retrygen.spring.EnableRetrygen;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.context.WebApplicationContext;

/** The application as configured, with the auto-configuration doing the wiring. */
@SpringBootTest
@Import(NoWaits.class)
class OrdersApplicationTest {
  @Autowired WebApplicationContext context;
  @Autowired ReservationService reservations;
  @Autowired OrderBook orders;
  @Autowired WarehouseClient warehouse;
  @Autowired PaymentGateway payments;
  @Autowired MeterRegistry registry;
  @Autowired RecordingSleeper sleeper;

  private MockMvc mvc;

  @BeforeEach
  void setUp() {
    mvc = MockMvcBuilders.webAppContextSetup(context).build();
    sleeper.waits.clear();
  }

  @Test
  void autoConfigurationCreatesTheGeneratedClassesWithoutEnableRetrygen() {
    assertThat(AnnotatedElementUtils.hasAnnotation(OrdersApplication.class, EnableRetrygen.class))
        .isFalse();
    // The class bean is created as its generated subclass...
    assertThat(reservations.getClass()).isSameAs(ReservationServiceRetrying.class);
    // ...the interface bean is wrapped in the generated delegate, outside its transaction proxy.
    assertThat(orders).isInstanceOf(OrderBookRetrying.class);
  }

  @Test
  void theClassBeanRetriesTheWarehouseWithTheAnnotatedBackoff() {
    String reservation = reservations.reserve("t-reserve", "kettle", 1);

    assertThat(reservation).isEqualTo("R-t-reserve");
    assertThat(warehouse.calls("t-reserve")).isEqualTo(3); // fails twice, then answers
    assertThat(sleeper.waits).containsExactly(20L, 40L); // @Backoff(delay = 20, multiplier = 2)
  }

  @Test
  void eachAttemptRunsInItsOwnTransaction() {
    Order order = orders.place("t-tx", "teapot", 2, "R-t-tx");

    assertThat(order.status()).isEqualTo("PAID");
    assertThat(payments.calls("t-tx")).isEqualTo(2); // two attempts, each inserted the order
    // The first attempt's row was rolled back with its transaction, the second one's committed.
    // (One transaction around both attempts, or none, would leave two rows.)
    assertThat(orders.rows("t-tx")).isEqualTo(1);
    assertThat(orders.all()).contains(order);
  }

  @Test
  void retriesAreRecordedAsMeters() {
    double calls = count(registry.find("retrygen.calls")
        .tags("label", "ReservationService.reserve", "outcome", "success", "retried", "true"));
    double retries = count(registry.find("retrygen.retries")
        .tags("label", "ReservationService.reserve"));
    long timed = registry.find("retrygen.calls.duration")
        .tags("label", "ReservationService.reserve").timers().stream()
        .mapToLong(t -> t.count()).sum();

    reservations.reserve("t-metrics", "mug", 1);

    assertThat(count(registry.find("retrygen.calls").tags("label", "ReservationService.reserve",
        "outcome", "success", "retried", "true"))).isEqualTo(calls + 1);
    assertThat(count(registry.find("retrygen.retries").tags("label", "ReservationService.reserve")))
        .isEqualTo(retries + 2);
    assertThat(registry.find("retrygen.calls.duration")
        .tags("label", "ReservationService.reserve").timers().stream()
        .mapToLong(t -> t.count()).sum()).isEqualTo(timed + 1);
  }

  @Test
  void theEndpointPlacesAnOrderThroughBothRetries() throws Exception {
    MvcResult result = mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
            .content("{\"sku\":\"kettle\",\"quantity\":3}"))
        .andExpect(status().isCreated())
        .andExpect(jsonPath("$.sku").value("kettle"))
        .andExpect(jsonPath("$.quantity").value(3))
        .andExpect(jsonPath("$.status").value("PAID"))
        .andExpect(jsonPath("$.payment").value(org.hamcrest.Matchers.endsWith("-3750")))
        .andReturn();
    String orderId = com.jayway.jsonpath.JsonPath.read(
        result.getResponse().getContentAsString(), "$.orderId");

    assertThat(warehouse.calls(orderId)).isEqualTo(3);
    assertThat(payments.calls(orderId)).isEqualTo(2);
    assertThat(orders.rows(orderId)).isEqualTo(1);
    assertThat(sleeper.waits).containsExactly(20L, 40L, 10L);
  }

  @Test
  void theActuatorShowsTheCalls() throws Exception {
    reservations.reserve("t-actuator", "mug", 1);

    mvc.perform(get("/actuator/metrics/retrygen.calls"))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$.name").value("retrygen.calls"))
        .andExpect(jsonPath("$.measurements[0].statistic").value("COUNT"))
        .andExpect(jsonPath("$.measurements[0].value")
            .value(org.hamcrest.Matchers.greaterThanOrEqualTo(1.0)))
        .andExpect(jsonPath("$.availableTags[?(@.tag == 'label')].values[*]")
            .value(org.hamcrest.Matchers.hasItem("ReservationService.reserve")));
  }

  private static double count(Search search) {
    return search.counters().stream().mapToDouble(c -> c.count()).sum();
  }

}
