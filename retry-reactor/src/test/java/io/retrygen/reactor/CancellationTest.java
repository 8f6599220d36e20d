package io.retrygen.reactor;

import static io.retrygen.reactor.Fixture.down;
import static java.util.Arrays.asList;
import static java.util.Collections.singletonList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.reactor.Fixture.ScriptedFlux;
import io.retrygen.reactor.Fixture.ScriptedMono;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.test.VirtualTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Subscription;
import reactor.core.CoreSubscriber;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.test.StepVerifier;
import reactor.test.publisher.PublisherProbe;
import reactor.test.publisher.TestPublisher;
import reactor.test.scheduler.VirtualTimeScheduler;

/** Cancelling (disposing) the subscription: no further attempt, one CANCELLED event. */
class CancellationTest {
  /** A broken loop fails a verification, never hangs it (virtual time makes no test slow). */
  @BeforeAll
  static void boundVerifications() {
    StepVerifier.setDefaultTimeout(Duration.ofSeconds(30));
  }

  @AfterAll
  static void unboundVerifications() {
    StepVerifier.resetDefaultTimeout();
  }

  private final Fixture fixture = new Fixture();

  private String cancelledEvent(int attempt, long atMillis) {
    return "failure #" + attempt + " " + fixture.label + ": the subscription was cancelled"
        + " CANCELLED +" + atMillis + "ms";
  }

  @Test
  void aCancelDuringAnAttemptCancelsItsMono() {
    PublisherProbe<String> probe = PublisherProbe.of(Mono.<String>never());
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> probe.mono());

    // Subscribed by hand: StepVerifier would cancel inside onSubscribe, before the first attempt.
    Disposable subscription = call.mono().subscribe();
    probe.assertWasSubscribed();
    probe.assertWasNotCancelled();
    subscription.dispose();

    probe.assertWasCancelled();
    assertEquals(1, call.calls.get());
    assertEquals(singletonList(cancelledEvent(1, 0)), fixture.events());
  }

  @Test
  void aCancelDuringAnAttemptCancelsItsFlux() {
    TestPublisher<Integer> attempt = TestPublisher.create();
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> attempt.flux());

    StepVerifier.create(call.flux())
        .then(() -> attempt.next(1))
        .expectNext(1)
        .thenCancel()
        .verify();

    attempt.assertCancelled();
    attempt.complete(); // an abandoned attempt's late signal: nobody hears it
    assertEquals(singletonList(cancelledEvent(1, 0)), fixture.events());
  }

  @Test
  void aCancelDuringAWaitStartsNoFurtherAttempt() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            fixture.retrier(3, BackoffPolicy.fixed(100)), n -> Mono.<String>error(down()));
    VirtualTimeScheduler time = VirtualTimeScheduler.getOrSet();
    try {
      List<Object> signals = Collections.synchronizedList(new ArrayList<Object>());
      Disposable subscription = call.mono().subscribe(signals::add, signals::add);
      time.advanceTimeBy(Duration.ofMillis(50));
      subscription.dispose();
      time.advanceTimeBy(Duration.ofMillis(1000));

      assertEquals(1, call.calls.get());
      assertEquals(Collections.emptyList(), signals);
      assertEquals(
          asList("retry #1 down 100ms +0ms", cancelledEvent(1, 50)), fixture.events());
    } finally {
      VirtualTimeScheduler.reset();
    }
  }

  @Test
  void aCancelDuringAWaitCancelsTheOptionsSchedulersTask() {
    VirtualTime scheduler = VirtualTime.start();
    Fixture withScheduler = new Fixture(scheduler);
    ScriptedFlux<Integer> call =
        new ScriptedFlux<Integer>(
            withScheduler.retrier(3, BackoffPolicy.fixed(100)),
            n -> Flux.<Integer>error(down()));

    Disposable subscription = call.flux().subscribe();
    assertEquals(1, scheduler.pendingTasks());
    subscription.dispose();
    assertEquals(0, scheduler.pendingTasks());
    scheduler.runUntilIdle(); // the cancelled wait is gone: nothing runs
    subscription.dispose(); // twice: told once

    assertEquals(1, call.calls.get());
    assertEquals(2, withScheduler.events().size());
    assertTrue(withScheduler.events().get(1).endsWith("CANCELLED +0ms"));
  }

  @Test
  void aCancelBeforeTheFirstAttemptCallsNothing() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.just("v"));

    call.mono()
        .subscribe(
            new CoreSubscriber<String>() {
              @Override
              public void onSubscribe(Subscription s) {
                s.cancel();
              }

              @Override
              public void onNext(String next) {
                throw new AssertionError(next);
              }

              @Override
              public void onError(Throwable failure) {
                throw new AssertionError(failure);
              }

              @Override
              public void onComplete() {
                throw new AssertionError("completed");
              }
            });

    assertEquals(0, call.calls.get());
    assertEquals(Collections.emptyList(), fixture.events());
  }

  @Test
  void aCancellationExceptionSignalIsNeitherRetriedNorRecovered() {
    CancellationException stop = new CancellationException("stop");
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.error(stop)) {
          @Override
          protected Mono<? extends String> recover(Throwable failure) {
            return Mono.just("recovered");
          }
        };

    StepVerifier.create(call.mono()).expectErrorSatisfies(f -> assertSame(stop, f)).verify();
    assertEquals(1, call.calls.get());
    assertEquals(singletonList("failure #1 stop CANCELLED +0ms"), fixture.events());
  }

  @Test
  void aCancelAfterTheValueBeforeTheRequestDeliversNothing() {
    ScriptedMono<String> call =
        new ScriptedMono<String>(fixture.retrier(3, BackoffPolicy.fixed(0)), n -> Mono.just("v"));
    List<Object> signals = Collections.synchronizedList(new ArrayList<Object>());
    Subscription[] subscription = new Subscription[1];

    call.mono()
        .subscribe(
            new CoreSubscriber<String>() {
              @Override
              public void onSubscribe(Subscription s) {
                subscription[0] = s;
              }

              @Override
              public void onNext(String next) {
                signals.add(next);
              }

              @Override
              public void onError(Throwable failure) {
                signals.add(failure);
              }

              @Override
              public void onComplete() {
                signals.add("complete");
              }
            });
    subscription[0].cancel();
    subscription[0].request(1); // a no-op after a cancel (Reactive Streams §3.6)

    assertEquals(Collections.emptyList(), signals);
  }

  /**
   * A cancel from the test thread races attempts that fail on another: every subscription ends
   * with exactly one of onSuccess/onFailure, and no attempt is decided once the cancel has
   * returned. The method of an attempt the loop had decided on just before the cancel may still
   * be called after it (the cancel cannot wait for user code on another thread): at most that one,
   * and its publisher is cancelled as it is subscribed.
   */
  @Test
  void aCancelRacingFailingAttemptsEndsEachCallOnceAndStopsTheAttempts() throws Exception {
    // Not a Reactor single scheduler: disposing a task it runs interrupts its thread, and that
    // interrupt can land on a later task (FutureTask.cancel(true) reads the runner, then
    // interrupts it), where a failed attempt then gives up as INTERRUPTED (step 4, the flag of
    // the thread that observed the failure). This scheduler never interrupts.
    // Given as a plain Executor: Reactor treats an ExecutorService as one whose tasks it cancels
    // with an interrupt, and stalled the race now and then (1 run in 5 on a clean clone).
    ExecutorService thread = Executors.newSingleThreadExecutor();
    Executor plain = thread::execute;
    Scheduler worker = Schedulers.fromExecutor(plain);
    try {
      for (int round = 0; round < 2000; round++) {
        raceCancelWithAttempts(worker, round);
      }
    } finally {
      worker.dispose();
      thread.shutdownNow();
    }
  }

  private void raceCancelWithAttempts(Scheduler worker, int round) throws Exception {
    Fixture race = new Fixture();
    AtomicBoolean cancelReturned = new AtomicBoolean();
    AtomicInteger lateStarts = new AtomicInteger();
    AtomicInteger lateCancelled = new AtomicInteger();
    CountDownLatch started = new CountDownLatch(1 + round % 3);
    ScriptedMono<String> call =
        new ScriptedMono<String>(
            race.retrier(1_000_000, BackoffPolicy.fixed(0)),
            n -> {
              Mono<String> attempt = Mono.<String>error(down()).subscribeOn(worker);
              started.countDown();
              if (!cancelReturned.get()) {
                return attempt;
              }
              lateStarts.incrementAndGet();
              return attempt.doOnCancel(lateCancelled::incrementAndGet);
            });

    Disposable subscription = call.mono().subscribe(v -> {}, f -> {});
    assertTrue(started.await(10, TimeUnit.SECONDS));
    subscription.dispose();
    cancelReturned.set(true);
    // Whatever was scheduled on the worker before this task has run once it runs.
    CountDownLatch fence = new CountDownLatch(1);
    worker.schedule(fence::countDown);
    assertTrue(fence.await(10, TimeUnit.SECONDS));

    List<String> events = race.events();
    int ends = 0;
    for (String event : events) {
      if (event.startsWith("success") || event.startsWith("failure")) {
        ends++;
      }
    }
    assertEquals(1, ends, "round " + round + ": " + events);
    assertTrue(events.get(events.size() - 1).contains("CANCELLED"), events.toString());
    assertTrue(lateStarts.get() <= 1, "round " + round + ": " + lateStarts + " attempts late");
    assertEquals(lateStarts.get(), lateCancelled.get(), "round " + round + ": a late attempt ran");
  }
}
