package io.retrygen.example.orders;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import org.springframework.stereotype.Service;

/**
 * Reserves stock at the warehouse, retrying its 503s: up to 4 attempts, 20 ms then 40 ms then
 * 80 ms apart. A class bean: Spring creates it as the generated {@code ReservationServiceRetrying}
 * (the retry loop runs inside the bean, so it must not be {@code @Transactional}). The label is
 * {@code ReservationService.reserve}: {@code retrygen.retry.ReservationService.reserve.*}
 * properties change the policy.
 */
@Service
public class ReservationService {
  private final WarehouseClient warehouse;

  public ReservationService(WarehouseClient warehouse) {
    this.warehouse = warehouse;
  }

  @Retryable(retryFor = WarehouseUnavailableException.class, maxAttempts = 4)
  @Backoff(delay = 20, multiplier = 2)
  public String reserve(String orderId, String sku, int quantity) {
    return warehouse.reserve(orderId, sku, quantity);
  }
}
