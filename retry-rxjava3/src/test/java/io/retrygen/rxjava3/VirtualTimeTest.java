package io.retrygen.rxjava3;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.reactivex.rxjava3.schedulers.TestScheduler;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * A test on RxJava's {@link TestScheduler}, installed as the computation scheduler: every wait of
 * a loop runs in virtual time. Errors RxJava could deliver to no one fail the test.
 */
abstract class VirtualTimeTest {
  final TestScheduler scheduler = new TestScheduler();
  final Fixtures.Fixture fixture = new Fixtures.Fixture(scheduler);
  final List<Throwable> undeliverable = Collections.synchronizedList(new ArrayList<>());

  @BeforeEach
  void installTestScheduler() {
    RxJavaPlugins.setComputationSchedulerHandler(ignored -> scheduler);
    RxJavaPlugins.setErrorHandler(undeliverable::add);
  }

  @AfterEach
  void resetPlugins() {
    RxJavaPlugins.reset();
    assertEquals(Collections.emptyList(), undeliverable, "errors delivered to no one");
  }

  void advance(long millis) {
    scheduler.advanceTimeBy(millis, TimeUnit.MILLISECONDS);
  }
}
