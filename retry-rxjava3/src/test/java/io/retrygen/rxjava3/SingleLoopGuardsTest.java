package io.retrygen.rxjava3;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.observers.TestObserver;
import io.reactivex.rxjava3.subjects.SingleSubject;
import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.CircuitBreakerOpenException;
import io.retrygen.runtime.CircuitBreakerState;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.RetryBudgets;
import io.retrygen.runtime.internal.CircuitBreakerGate;
import io.retrygen.runtime.internal.Retrier;
import io.retrygen.rxjava3.Fixtures.ScriptedSingle;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The breaker, the budget and the options' scheduler around a {@code Single}. */
class SingleLoopGuardsTest extends VirtualTimeTest {
  @Test
  void anOpenBreakerFailsWithoutCallingTheMethod() {
    CircuitBreakerGate breaker = fixture.breaker(2, 1.0, 1000);
    ScriptedSingle<String> call =
        new ScriptedSingle<>(null, breaker, n -> Single.error(new IOException("down")));

    call.single().test().assertError(IOException.class);
    call.single().test().assertError(IOException.class);
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(fixture.label));

    call.single().test().assertError(CircuitBreakerOpenException.class);
    assertEquals(2, call.calls);
  }

  @Test
  void theBreakerRecordsTheAttemptAtItsTerminalSignal() {
    SingleSubject<String> attempt = SingleSubject.create();
    ScriptedSingle<String> call =
        new ScriptedSingle<>(null, fixture.breaker(1, 1.0, 1000), n -> attempt);

    TestObserver<String> observer = call.single().test();
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(fixture.label));
    attempt.onError(new IOException("down"));

    observer.assertError(IOException.class);
    assertEquals(CircuitBreakerState.OPEN, CircuitBreakers.state(fixture.label));
  }

  @Test
  void anOpenBreakerIsRetriedLikeAnyFailure() {
    CircuitBreakerGate breaker = fixture.breaker(1, 1.0, 150);
    ScriptedSingle<String> call = new ScriptedSingle<>(
        fixture.retrier(3, BackoffPolicy.fixed(100)), breaker,
        n -> n == 1 ? Single.error(new IOException("down")) : Single.just("ok " + n));

    TestObserver<String> observer = call.single().test();
    advance(100); // attempt 2: the breaker is open
    assertEquals(1, call.calls);
    advance(100); // attempt 3 at 200 ms: half-open, a trial

    observer.assertResult("ok 2");
    assertEquals(CircuitBreakerState.CLOSED, CircuitBreakers.state(fixture.label));
  }

  @Test
  void disposingATrialGivesItsPermitBack() {
    CircuitBreakerGate breaker = fixture.breaker(1, 1.0, 1000);
    SingleSubject<String> pending = SingleSubject.create();
    ScriptedSingle<String> call = new ScriptedSingle<>(null, breaker,
        n -> n == 1 ? Single.error(new IOException("down")) : pending);
    call.single().test().assertError(IOException.class);
    advance(1000);

    TestObserver<String> trial = call.single().test(); // the one trial of the half-open breaker
    assertEquals(2, call.calls);
    call.single().test().assertError(CircuitBreakerOpenException.class);
    trial.dispose();
    assertFalse(pending.hasObservers());
    TestObserver<String> next = call.single().test();

    assertEquals(3, call.calls);
    assertEquals(CircuitBreakerState.HALF_OPEN, CircuitBreakers.state(fixture.label));
    next.dispose();
  }

  @Test
  void anExhaustedBudgetStopsTheRetries() {
    String budget = fixture.label + ".budget";
    Retrier retrier = fixture.policy(5, BackoffPolicy.fixed(100), 0L)
        .withBudget(budget, 4, 0.1)
        .bind(fixture.options);
    ScriptedSingle<String> call =
        new ScriptedSingle<>(retrier, null, n -> Single.error(new IOException("down")));

    TestObserver<String> observer = call.single().test();
    advance(1000);

    observer.assertError(IOException.class);
    assertEquals(2, call.calls);
    assertEquals(2.0, RetryBudgets.tokens(budget));
    assertEquals(
        asList("retry #1 down 100ms +0ms", "failure #2 down BUDGET_EXHAUSTED +100ms"),
        fixture.events());
  }

  @Test
  void theOptionsSchedulerTimesTheWaitsWhenOneWasSet() {
    VirtualTime manual = VirtualTime.start();
    try {
      Retrier retrier = fixture.policy(3, BackoffPolicy.fixed(100), 0L)
          .bind(fixture.builder(scheduler).scheduler(manual).build());
      ScriptedSingle<String> call = new ScriptedSingle<>(retrier, null,
          n -> n == 1 ? Single.error(new IOException("down")) : Single.just("ok"));

      TestObserver<String> observer = call.single().test();
      advance(1000); // the computation scheduler times nothing
      assertEquals(1, call.calls);
      assertEquals(1, manual.pendingTasks());
      assertEquals(asList(100L), manual.scheduledDelays());
      assertTrue(manual.runNext());

      observer.assertResult("ok");
      assertEquals(2, call.calls);
    } finally {
      manual.shutdownNow();
    }
  }

  @Test
  void disposingDuringAWaitOnTheOptionsSchedulerCancelsIt() {
    ManualScheduler manual = new ManualScheduler();
    try {
      Retrier retrier = fixture.policy(3, BackoffPolicy.fixed(100), 0L)
          .bind(fixture.builder(scheduler).scheduler(manual).build());
      ScriptedSingle<String> call =
          new ScriptedSingle<>(retrier, null, n -> Single.error(new IOException("down")));

      TestObserver<String> observer = call.single().test();
      assertFalse(manual.tasks.get(0).cancelled);
      observer.dispose();

      assertTrue(manual.tasks.get(0).cancelled);
      manual.tasks.get(0).command.run(); // a wait that ran anyway starts nothing
      assertEquals(1, call.calls);
    } finally {
      manual.shutdownNow();
    }
  }

  /**
   * A wait the options' scheduler accepted and then dropped (its task cancelled by someone else,
   * as {@code shutdown()} does to delayed tasks) ends the call instead of leaving it pending for
   * ever: the runtime's watch, which looks every 100 ms, notices it.
   */
  @Test
  void aWaitTheOptionsSchedulerDropsEndsTheCall() {
    VirtualTime manual = VirtualTime.start();
    try {
      Retrier retrier = fixture.policy(3, BackoffPolicy.fixed(100), 0L)
          .bind(fixture.builder(scheduler).scheduler(manual).build());
      ScriptedSingle<String> call =
          new ScriptedSingle<>(retrier, null, n -> Single.error(new IOException("down")));

      TestObserver<String> observer = call.single().test();
      List<Runnable> dropped = manual.shutdownNow(); // dropped by the scheduler, not by the call
      assertEquals(1, dropped.size());
      ((Future<?>) dropped.get(0)).cancel(false);

      observer.awaitDone(10, TimeUnit.SECONDS);
      observer.assertError(RejectedExecutionException.class);
      assertEquals(1, call.calls);
      assertEquals(2, fixture.events().size());
      assertTrue(fixture.events().get(1).endsWith("USER_CODE_FAILED +0ms"), fixture.events().get(1));
    } finally {
      manual.shutdownNow();
    }
  }

  @Test
  void aWaitTheOptionsSchedulerRefusesEndsTheCallWithItsRefusal() {
    RejectedExecutionException refusal = new RejectedExecutionException("shut down");
    ScheduledThreadPoolExecutor refusing = new ScheduledThreadPoolExecutor(1) {
      @Override
      public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        throw refusal;
      }
    };
    try {
      Retrier retrier = fixture.policy(3, BackoffPolicy.fixed(100), 0L)
          .bind(fixture.builder(scheduler).scheduler(refusing).build());
      ScriptedSingle<String> call =
          new ScriptedSingle<>(retrier, null, n -> Single.error(new IOException("down")));

      call.single().test().assertError(error -> error == refusal);

      assertEquals(1, call.calls);
      assertEquals(
          asList("retry #1 down 100ms +0ms", "failure #1 shut down USER_CODE_FAILED +0ms"),
          fixture.events());
    } finally {
      refusing.shutdownNow();
    }
  }
}
