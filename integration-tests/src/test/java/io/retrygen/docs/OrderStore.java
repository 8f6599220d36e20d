package io.retrygen.docs;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import io.retrygen.Timeout;
import java.sql.SQLException;
import java.sql.SQLTransientException;

/** A store whose policies operators may change with PolicyOverrides keys. */
public interface OrderStore {
  @Retryable(retryFor = SQLTransientException.class, maxAttempts = 4,
      backoff = @Backoff(delay = 50, multiplier = 2))
  @Timeout(1000)
  String load(long id) throws SQLException;

  @Retryable(retryFor = SQLTransientException.class)
  void save(String order) throws SQLException;
}
