package io.retrygen.kt

import io.retrygen.RetryEvent
import io.retrygen.RetryListener

/** Writes each event as one line: `onRetry PaymentClient.charge #1 100ms`. */
class RecordingListener : RetryListener {
  val events = mutableListOf<String>()

  override fun onRetry(event: RetryEvent) {
    events += "onRetry ${event.label()} #${event.attempt()} ${event.delayMillis()}ms"
  }

  override fun onSuccess(event: RetryEvent) {
    events += "onSuccess ${event.label()} #${event.attempt()}"
  }

  override fun onFailure(event: RetryEvent) {
    events += "onFailure ${event.label()} #${event.attempt()} ${event.failure()?.message}"
  }
}
