package io.retrygen.runtime.internal;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

class CauseMatcherTest {
  private static final Class<?>[] NONE = {};

  private static CauseMatcher matcher(Class<?>[] retryFor, Class<?>... noRetryFor) {
    return new CauseMatcher(retryFor, noRetryFor);
  }

  @Test
  void aCauseOfARetryForTypeMakesTheFailureRetryable() {
    CauseMatcher io = matcher(new Class<?>[] {IOException.class});
    assertTrue(io.matches(new IOException()));
    assertTrue(io.matches(new UncheckedIOException(new IOException("wrapped"))));
    assertTrue(io.matches(new RuntimeException(new ExecutionException(new IOException()))));
    assertFalse(io.matches(new RuntimeException(new IllegalStateException())));
    assertFalse(io.matches(new RuntimeException()));
  }

  @Test
  void aNoRetryForTypeAnywhereInTheChainWinsOverAnyInclusion() {
    CauseMatcher io = matcher(new Class<?>[] {IOException.class}, FileNotFoundException.class);
    assertFalse(io.matches(new FileNotFoundException()));
    assertFalse(io.matches(new UncheckedIOException(new FileNotFoundException())));
    // The excluded type is the failure, the included one its cause: still excluded.
    assertFalse(io.matches(new FileNotFoundException() {
      @Override
      public synchronized Throwable getCause() {
        return new IOException();
      }
    }));
    assertTrue(io.matches(new UncheckedIOException(new IOException())));
  }

  @Test
  void errorsAreMatchedOnlyWhenNamed() {
    assertFalse(matcher(new Class<?>[] {Exception.class}).matches(new AssertionError("x")));
    assertTrue(matcher(new Class<?>[] {Exception.class})
        .matches(new AssertionError(new IllegalStateException())));
    assertTrue(matcher(new Class<?>[] {Error.class}).matches(new RuntimeException(new Error())));
  }

  @Test
  void aCycleInTheChainEndsTheWalkAfterEveryCauseWasSeen() {
    Looping first = new Looping("first");
    Looping second = new Looping("second");
    Looping third = new Looping("third");
    first.next = second;
    second.next = third;
    third.next = second; // second -> third -> second ...
    assertFalse(matcher(new Class<?>[] {IOException.class}).matches(first));
    assertTrue(matcher(new Class<?>[] {Looping.class}).matches(first));
    Looping withIo = new Looping("with io");
    withIo.next = withIo; // a cause of itself, as getCause() sees it
    assertFalse(matcher(new Class<?>[] {IOException.class}).matches(withIo));
  }

  @Test
  void everyCauseOfALongCycleIsSeen() {
    // A ring of 1000 where only the last is an IOException: found, whatever the ring's length.
    Looping[] ring = new Looping[1000];
    for (int i = 0; i < ring.length; i++) {
      ring[i] = new Looping("link " + i);
    }
    for (int i = 0; i < ring.length; i++) {
      ring[i].next = ring[(i + 1) % ring.length];
    }
    ring[999].next = new IoInRing(ring[0]);
    assertTrue(matcher(new Class<?>[] {IOException.class}).matches(ring[0]));
    assertFalse(matcher(new Class<?>[] {IllegalStateException.class}).matches(ring[0]));
  }

  @Test
  void aLongChainIsWalkedToItsEnd() {
    Throwable chain = new IOException("root");
    for (int i = 0; i < 100_000; i++) {
      chain = new RuntimeException("link", chain); // a message of its own: not chain.toString()
    }
    assertTrue(matcher(new Class<?>[] {IOException.class}).matches(chain));
  }

  @Test
  void anEmptyRetryForOrANonThrowableTypeIsRejected() {
    assertThrows(IllegalArgumentException.class, () -> matcher(NONE));
    assertThrows(IllegalArgumentException.class, () -> matcher(new Class<?>[] {String.class}));
    assertThrows(
        IllegalArgumentException.class,
        () -> matcher(new Class<?>[] {Exception.class}, Object.class));
  }

  /** A failure whose cause is set freely, so chains can loop. */
  private static final class Looping extends RuntimeException {
    private static final long serialVersionUID = 1L;
    Throwable next;

    Looping(String message) {
      super(message);
    }

    @Override
    public synchronized Throwable getCause() {
      return next;
    }
  }

  /** An IOException in a ring of causes. */
  private static final class IoInRing extends IOException {
    private static final long serialVersionUID = 1L;
    private final Throwable next;

    IoInRing(Throwable next) {
      this.next = next;
    }

    @Override
    public synchronized Throwable getCause() {
      return next;
    }
  }
}
