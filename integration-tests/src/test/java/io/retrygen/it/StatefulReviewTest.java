package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryExhaustedException;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.runtime.RetryState;
import io.retrygen.runtime.RetryTemplate;
import io.retrygen.test.RecordingListener;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Adversarial review of stateful retry (SPEC §19) through generated classes. The state is
 * process-wide per method: every test uses keys of its own (a random suffix).
 */
class StatefulReviewTest {
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options = RetryOptions.builder().listener(listener).build();
  private final String run = UUID.randomUUID().toString();

  /** Every method fails with a message naming the overload; counts the calls that got through. */
  static final class FailingInbox implements ReviewInbox<Integer> {
    final List<String> calls = new ArrayList<>();

    private RuntimeException fail(String what) {
      calls.add(what);
      return new IllegalStateException(what);
    }

    @Override
    public void take(String id) {
      throw fail("take(String)");
    }

    @Override
    public void take(CharSequence id) {
      throw fail("take(CharSequence)");
    }

    @Override
    public <T> T handle(T message) {
      throw fail("handle");
    }

    @Override
    public void consume(Integer message) {
      throw fail("consume");
    }

    @Override
    public void none() {
      throw fail("none");
    }

    @Override
    public int primitives(long x, char c, boolean b) {
      throw fail("primitives");
    }
  }

  private static void failsWith(String message, Executable call) {
    assertEquals(message, assertThrows(IllegalStateException.class, call).getMessage());
  }

  private List<String> events() {
    List<String> lines = new ArrayList<>();
    for (RetryEvent event : listener.events()) {
      String line = event.label() + " #" + event.attempt();
      lines.add(event.reason() == null ? line : line + " " + event.reason());
    }
    return lines;
  }

  @Test
  void genericPrimitiveNullAndNoArgumentKeysCountAcrossCalls() {
    FailingInbox target = new FailingInbox();
    ReviewInbox<Integer> inbox = new ReviewInboxRetrying<>(target, options);
    String id = "generic-" + run;

    failsWith("handle", () -> inbox.handle(id));
    failsWith("handle", () -> inbox.handle(id));
    assertThrows(RetryExhaustedException.class, () -> inbox.handle(id));

    Integer message = id.hashCode();
    failsWith("consume", () -> inbox.consume(message));
    failsWith("consume", () -> inbox.consume(message));
    assertThrows(RetryExhaustedException.class, () -> inbox.consume(message));

    long x = id.hashCode();
    failsWith("primitives", () -> inbox.primitives(x, 'c', true));
    failsWith("primitives", () -> inbox.primitives(x, 'c', true));
    assertThrows(RetryExhaustedException.class, () -> inbox.primitives(x, 'c', true));

    assertEquals(6, target.calls.size());
  }

  @Test
  void aNullArgumentIsAKeyLikeAnyOther() {
    FailingInbox target = new FailingInbox();
    ReviewInbox<Integer> inbox = new ReviewInboxRetrying<>(target, options);
    // The only null key of the label: no other test of this class passes null to take.
    failsWith("take(String)", () -> inbox.take((String) null));
    failsWith("take(String)", () -> inbox.take((String) null));
    assertThrows(RetryExhaustedException.class, () -> inbox.take((String) null));
    failsWith("take(String)", () -> inbox.take((String) null));
  }

  /**
   * Overloads that share their default label keep their keys apart (SPEC §19: a cache per method):
   * a failure of take(String) does not count against take(CharSequence) with an equal key.
   */
  @Test
  void overloadsSharingALabelDoNotShareKeys() {
    FailingInbox target = new FailingInbox();
    ReviewInbox<Integer> inbox = new ReviewInboxRetrying<>(target, options);
    String id = "overload-" + run;

    failsWith("take(String)", () -> inbox.take(id));
    failsWith("take(CharSequence)", () -> inbox.take((CharSequence) id));
    // Each overload has failed once, below maxAttempts = 2: both are still retried.
    failsWith("take(String)", () -> inbox.take(id));
    failsWith("take(CharSequence)", () -> inbox.take((CharSequence) id));
  }

  @Test
  void stateKeyMethodsOfASupertypeAndReturningAPrimitiveAreUsed() {
    AtomicInteger calls = new AtomicInteger();
    ReviewKeys target =
        new ReviewKeys() {
          @Override
          public void inherited(String id) {
            calls.incrementAndGet();
            throw new IllegalStateException("inherited");
          }

          @Override
          public void primitive(String id) {
            calls.incrementAndGet();
            throw new IllegalStateException("primitive");
          }

          @Override
          public void uncheckedKey(String id) {}

          @Override
          public void checkedKey(String id) {}
        };
    ReviewKeys keys = new ReviewKeysRetrying(target, options);
    // Keys are the length of the id: two different ids of one length are one key.
    String a = "k-" + run;
    String b = "K-" + run;
    failsWith("inherited", () -> keys.inherited(a));
    failsWith("inherited", () -> keys.inherited(b));
    assertThrows(RetryExhaustedException.class, () -> keys.inherited(a));
    failsWith("primitive", () -> keys.primitive(a));
    failsWith("primitive", () -> keys.primitive(b));
    assertThrows(RetryExhaustedException.class, () -> keys.primitive(b));
    assertEquals(4, calls.get());
  }

  @Test
  void aStateKeyThatThrowsEndsTheCallWithItsExceptionWithoutCallingTheMethod() {
    List<String> calls = new ArrayList<>();
    ReviewKeys target =
        new ReviewKeys() {
          @Override
          public void inherited(String id) {}

          @Override
          public void primitive(String id) {}

          @Override
          public void uncheckedKey(String id) {
            calls.add(id);
          }

          @Override
          public void checkedKey(String id) {
            calls.add(id);
          }
        };
    ReviewKeys keys = new ReviewKeysRetrying(target, options);
    assertEquals(
        "bad id x", assertThrows(IllegalArgumentException.class, () -> keys.uncheckedKey("x"))
            .getMessage());
    assertEquals(
        "unreadable id y", assertThrows(IOException.class, () -> keys.checkedKey("y"))
            .getMessage());
    assertEquals(Collections.emptyList(), calls);
  }

  /**
   * A stateKey method that throws ends the call with its exception before any attempt: no
   * attempt ran, so no listener hears of it (README, "Stateful retry"); SPEC §3's rule for user
   * code that throws names the methods called after an attempt.
   */
  @Test
  void aStateKeyThatThrowsEndsTheCallBeforeAnyAttemptAndTellsNoOne() {
    ReviewKeys keys =
        new ReviewKeysRetrying(
            new ReviewKeys() {
              @Override
              public void inherited(String id) {}

              @Override
              public void primitive(String id) {}

              @Override
              public void uncheckedKey(String id) {}

              @Override
              public void checkedKey(String id) {}
            },
            options);
    assertThrows(IllegalArgumentException.class, () -> keys.uncheckedKey("x"));
    assertEquals(Collections.emptyList(), events());
  }

  @Test
  void aSuperclassConstructorCallGoesStraightToTheMethod() {
    ReviewService service = new ReviewServiceRetrying(options);
    assertEquals(asList("constructor#0"), service.calls);
    assertEquals(Collections.emptyList(), events());
  }

  @Test
  void aRecoverTakingAPrefixGetsTheLaterCallsArguments() {
    ReviewService service = new ReviewServiceRetrying(options);
    String id = "fail-" + run;
    failsWith(id + "#1", () -> service.handle(id, 1));
    failsWith(id + "#1", () -> service.handle(id, 1));
    assertEquals("recovered " + id + " from " + id + "#1", service.handle(id, 1));
    assertEquals(asList("constructor#0", id + "#1", id + "#1"), service.calls);
  }

  @Test
  void aRecoverThatThrowsEndsTheCallWithItsExceptionAndForgetsTheKey() {
    ReviewService service = new ReviewServiceRetrying(options);
    String id = "fragile-" + run;
    failsWith(id, () -> service.fragile(id));
    failsWith(id, () -> service.fragile(id));
    UnsupportedOperationException thrown =
        assertThrows(UnsupportedOperationException.class, () -> service.fragile(id));
    assertEquals(id, thrown.getCause().getMessage());
    // The key was forgotten before recovering: the next call starts afresh.
    failsWith(id, () -> service.fragile(id));
    assertEquals(asList("constructor#0", id, id, id), service.calls);
  }

  @Test
  void aDeserializedInstanceRetriesStatefullyAndSharesTheLabelsState() throws Exception {
    ReviewService service = new ReviewServiceRetrying(options);
    String id = "fail-serial-" + run;
    failsWith(id + "#1", () -> service.handle(id, 1));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(service);
    }
    ReviewService copy;
    try (ObjectInputStream in =
        new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
      copy = (ReviewService) in.readObject();
    }
    failsWith(id + "#1", () -> copy.handle(id, 1));
    assertEquals("recovered " + id + " from " + id + "#1", copy.handle(id, 1));
  }

  /**
   * The kill switch (§17 retrygen.enabled=false) on a stateful method: "every guarded method
   * makes one attempt". For a stateful method that means maxAttempts = 1: the first failure of a
   * key ends its retries, and the next call with the key does not call the method — it recovers,
   * or throws RetryExhaustedException. Neither SPEC §17/§19 nor README says so; switching retries
   * off thus makes redeliveries skip the method (dead-letter after one failure).
   */
  @Test
  void theKillSwitchMakesTheNextCallWithAFailedKeySkipTheMethod() {
    ReviewService service =
        new ReviewServiceRetrying(
            RetryOptions.builder()
                .listener(listener)
                .overrides(
                    PolicyOverrides.from(Collections.singletonMap("retrygen.enabled", "false")))
                .build());
    String id = "fail-disabled-" + run;
    failsWith(id + "#1", () -> service.handle(id, 1));
    assertEquals("recovered " + id + " from " + id + "#1", service.handle(id, 1));
    assertEquals(asList("constructor#0", id + "#1"), service.calls);
    assertEquals(asList("ReviewService.handle #1 ATTEMPTS_EXHAUSTED"), events());
  }

  /**
   * Each template has its own state (as each of Spring Retry's templates has its own cache): two
   * without a label, both "RetryTemplate", do not exhaust each other's keys.
   */
  @Test
  void unlabeledTemplatesDoNotShareKeys() {
    RetryTemplate orders =
        RetryTemplate.builder().maxAttempts(5).backoff(io.retrygen.runtime.BackoffPolicy.fixed(0))
            .build();
    RetryTemplate payments =
        RetryTemplate.builder().maxAttempts(2).backoff(io.retrygen.runtime.BackoffPolicy.fixed(0))
            .build();
    String key = "42-" + run;
    RetryState state = RetryState.of(key);
    IllegalStateException order = new IllegalStateException("order");
    IllegalStateException payment = new IllegalStateException("payment");
    assertSame(order, assertThrows(IllegalStateException.class,
        () -> orders.execute(context -> { throw order; }, context -> "dead order", state)));
    assertSame(payment, assertThrows(IllegalStateException.class,
        () -> payments.execute(context -> { throw payment; }, context -> "dead payment", state)));
    // orders has failed once of 5: its next call runs the callback.
    assertEquals("ok", orders.execute(context -> "ok", context -> "dead order", state));
  }
}
