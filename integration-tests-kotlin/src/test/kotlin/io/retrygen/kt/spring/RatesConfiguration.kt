package io.retrygen.kt.spring

import io.retrygen.RetryEvent
import io.retrygen.RetryListener
import io.retrygen.runtime.RetryOptions
import io.retrygen.runtime.Sleeper
import io.retrygen.spring.EnableRetrygen
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.ComponentScan
import org.springframework.context.annotation.Configuration

/**
 * The test context: [RateService] found by component scanning of this package, two [RateSource]
 * beans, the base options (a sleeper that records the waits instead of sleeping) and a listener.
 */
@Configuration(proxyBeanMethods = false)
@EnableRetrygen
@ComponentScan
class RatesConfiguration {
  @Bean fun sleeper() = RecordingSleeper()

  @Bean
  fun retryOptions(sleeper: RecordingSleeper): RetryOptions =
    RetryOptions.builder().sleeper(sleeper).build()

  @Bean fun recordingListener() = RecordingListener()

  /** Fails three times, then answers. */
  @Bean fun flakyRates() = FlakyRates(failures = 3)

  @Bean fun fixedRates() = FixedRates()
}

/** A sleeper that does not sleep: it writes down each wait it is asked for. */
class RecordingSleeper : Sleeper {
  val waits = mutableListOf<Long>()

  override fun sleep(millis: Long) {
    waits += millis
  }
}

/**
 * Writes each event as one line, `onRetry RateService.rate #1 100ms`. (This package has its own:
 * test-kapt compiles it alone.)
 */
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
