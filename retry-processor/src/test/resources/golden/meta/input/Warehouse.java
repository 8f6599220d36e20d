package test;

import io.retrygen.Retryable;
import java.sql.SQLException;
import java.util.List;

@DbRetry
public interface Warehouse {
  /** Nearest wins: the type's @DbRetry. */
  int stock(String sku) throws SQLException;

  /** The type's @DbRetry, and @Guarded's breaker, timeout and budget. */
  @Guarded
  List<String> search(String query) throws SQLException;

  /** Its own @Retryable beats the type's @DbRetry. */
  @Retryable(maxAttempts = 2)
  void reserve(String sku, int count) throws SQLException;
}
