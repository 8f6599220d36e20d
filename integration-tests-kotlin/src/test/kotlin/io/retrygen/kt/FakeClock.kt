package io.retrygen.kt

import io.retrygen.runtime.Sleeper
import io.retrygen.runtime.Ticker

/** Virtual time: records every sleep and advances the clock by it instead of waiting. */
class FakeClock : Sleeper, Ticker {
  val sleeps = mutableListOf<Long>()
  private var nanos = 0L

  override fun sleep(millis: Long) {
    sleeps += millis
    nanos += millis * 1_000_000L
  }

  override fun nanoTime(): Long = nanos
}
