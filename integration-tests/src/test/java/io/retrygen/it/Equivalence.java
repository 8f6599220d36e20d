package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.runtime.Sleeper;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Runs one scenario twice, once through {@code EquivalentClientRetrying} and once through a
 * {@link RetryTemplate} with the same settings, each with a fresh {@link EquivalentDelegate} over
 * the same scripted outcomes (the same instances), a fresh virtual clock and the same scripted
 * randomness, and asserts that both did the same: the event lines, the sleeps, the calls the
 * delegate saw (and when), what its predicate and recovery were asked, the value returned or the
 * very throwable thrown, the interrupt flag afterwards and the random values left.
 */
final class Equivalence {
  private final String method;
  private final List<Object> script;
  private double[] randoms = new double[0];
  private long millisPerCall;
  private long overrunMillis;
  private boolean interruptedSleeps;
  private Throwable recoveryFailure;

  private Equivalence(String method, Object... script) {
    this.method = method;
    this.script = Arrays.asList(script);
  }

  /** A scenario of the method {@code method}, whose delegate plays {@code script}. */
  static Equivalence scenario(String method, Object... script) {
    return new Equivalence(method, script);
  }

  /** The label both sides report: the generated method's, {@code EquivalentClient.method}. */
  String label() {
    return "EquivalentClient." + method;
  }

  Equivalence random(double... values) {
    this.randoms = values;
    return this;
  }

  /** Each call of the delegate takes {@code millis} of virtual time. */
  Equivalence taking(long millis) {
    this.millisPerCall = millis;
    return this;
  }

  /** Each wait takes {@code millis} longer than asked. */
  Equivalence overrunningWaitsBy(long millis) {
    this.overrunMillis = millis;
    return this;
  }

  /** Each wait is interrupted. */
  Equivalence interruptingWaits() {
    this.interruptedSleeps = true;
    return this;
  }

  /** The delegate's recovery throws {@code failure}. */
  Equivalence recoveryThrowing(Throwable failure) {
    this.recoveryFailure = failure;
    return this;
  }

  /** One call through the generated class. */
  interface GeneratedCall {
    String call(EquivalentClient client) throws Exception;
  }

  /** One call through the template, which may use the delegate's predicate and recovery. */
  interface TemplateCall {
    String call(RetryTemplate template, EquivalentDelegate delegate) throws Exception;
  }

  /**
   * Runs both ways with {@code template.execute(context -> delegate.next())} and compares them.
   *
   * @param settings the template's settings, from the run's delegate (for {@code retryIf});
   *     {@code label} and {@code options} are set here
   * @return the run through the generated class, for the scenario's own assertions
   */
  Run compare(
      GeneratedCall generated, Function<EquivalentDelegate, RetryTemplate.Builder> settings) {
    return compare(
        generated, settings, (template, delegate) -> template.execute(context -> delegate.next()));
  }

  Run compare(
      GeneratedCall generated,
      Function<EquivalentDelegate, RetryTemplate.Builder> settings,
      TemplateCall viaTemplate) {
    Run viaGenerated = new Run();
    viaGenerated.outcome(() -> generated.call(
        new EquivalentClientRetrying(viaGenerated.delegate, viaGenerated.options)));
    Run viaTemplateRun = new Run();
    RetryTemplate template = settings.apply(viaTemplateRun.delegate)
        .label(label())
        .options(viaTemplateRun.options)
        .build();
    viaTemplateRun.outcome(() -> viaTemplate.call(template, viaTemplateRun.delegate));

    assertEquals(viaGenerated.summary(), viaTemplateRun.summary());
    assertSame(viaGenerated.thrown, viaTemplateRun.thrown);
    return viaGenerated;
  }

  /** What one side did. */
  final class Run {
    final VirtualTime clock = VirtualTime.start();
    final RecordingListener listener = new RecordingListener();
    final QueueRandom random = new QueueRandom(randoms);
    final EquivalentDelegate delegate = new EquivalentDelegate(script, clock, millisPerCall);
    final List<Long> sleeps = new ArrayList<>();
    final RetryOptions options;
    String value;
    Throwable thrown;
    boolean interrupted;

    private Run() {
      delegate.recoveryFailure = recoveryFailure;
      Sleeper sleeper = millis -> {
        sleeps.add(millis);
        if (interruptedSleeps) {
          throw new InterruptedException();
        }
        clock.advanceBy(millis + overrunMillis);
      };
      options = RetryOptions.builder()
          .sleeper(sleeper)
          .ticker(clock)
          .random(random)
          .listener(listener)
          .build();
    }

    private void outcome(Call call) {
      try {
        value = call.run();
      } catch (Throwable failure) {
        thrown = failure;
      }
      interrupted = Thread.interrupted(); // read and cleared: the next run starts without it
    }

    String summary() {
      return "events " + listener.lines() + "\nsleeps " + sleeps + "\ncalls " + delegate.calls
          + "\nconsulted " + delegate.consulted + "\nvalue " + value + "\nthrown " + thrown
          + "\ninterrupted " + interrupted + "\nrandom values left " + random.remaining();
    }
  }

  private interface Call {
    String run() throws Exception;
  }
}
