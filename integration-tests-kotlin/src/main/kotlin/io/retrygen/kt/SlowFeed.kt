package io.retrygen.kt

import io.retrygen.Backoff
import io.retrygen.Recover
import io.retrygen.Retryable
import io.retrygen.Timeout
import io.retrygen.runtime.AttemptTimeoutException
import kotlinx.coroutines.flow.Flow

/** A feed whose server sometimes hangs: each attempt is limited, in the caller's coroutine. */
interface SlowFeed {
  /** 300 ms per attempt, 2 attempts 50 ms apart. */
  @Retryable(maxAttempts = 2, backoff = Backoff(delay = 50))
  @Timeout(300)
  suspend fun price(symbol: String): Long

  /** One collection may take 200 ms; recovered by [noTicks] when it runs out. */
  @Timeout(200)
  fun ticks(symbol: String): Flow<Long>

  @Recover
  fun noTicks(failure: AttemptTimeoutException, symbol: String): Flow<Long> =
    kotlinx.coroutines.flow.flowOf(-1L)
}
