package io.retrygen.kt.spring

import io.retrygen.runtime.RetryOptions
import io.retrygen.spring.EnableRetrygen
import io.retrygen.test.RecordingListener
import io.retrygen.test.VirtualTime
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.ComponentScan
import org.springframework.context.annotation.Configuration

/**
 * The test context: [RateService] found by component scanning of this package, two [RateSource]
 * beans, the base options (a VirtualTime as the sleeper, which records the waits instead of
 * sleeping) and a RecordingListener.
 */
@Configuration(proxyBeanMethods = false)
@EnableRetrygen
@ComponentScan
class RatesConfiguration {
  /** Its sleeps() are the waits the blocking functions asked for; it never sleeps. */
  @Bean fun sleeper() = VirtualTime.start()

  @Bean
  fun retryOptions(sleeper: VirtualTime): RetryOptions =
    RetryOptions.builder().sleeper(sleeper).build()

  @Bean fun recordingListener() = RecordingListener()

  /** Fails three times, then answers. */
  @Bean fun flakyRates() = FlakyRates(failures = 3)

  @Bean fun fixedRates() = FixedRates()
}
