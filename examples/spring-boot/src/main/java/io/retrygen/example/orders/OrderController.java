package io.retrygen.example.orders;

import java.util.List;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /orders}: reserves the stock (retried by the generated
 * {@code ReservationServiceRetrying}), then stores the order and authorizes its payment (retried
 * by {@code OrderBookRetrying}, one transaction per attempt).
 */
@RestController
public class OrderController {
  private final ReservationService reservations;
  private final OrderBook orders;

  public OrderController(ReservationService reservations, OrderBook orders) {
    this.reservations = reservations;
    this.orders = orders;
  }

  /** What a client orders. */
  public record OrderRequest(String sku, int quantity) {}

  @PostMapping("/orders")
  @ResponseStatus(HttpStatus.CREATED)
  public Order place(@RequestBody OrderRequest request) {
    String orderId = "o-" + UUID.randomUUID().toString().substring(0, 8);
    String reservation = reservations.reserve(orderId, request.sku(), request.quantity());
    return orders.place(orderId, request.sku(), request.quantity(), reservation);
  }

  @GetMapping("/orders")
  public List<Order> all() {
    return orders.all();
  }

  /** The dependencies still failed after the last attempt. */
  @ExceptionHandler({WarehouseUnavailableException.class, PaymentTimeoutException.class})
  public ProblemDetail unavailable(RuntimeException e) {
    return ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, e.getMessage());
  }
}
