package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Class inputs: the generated final subclass. */
class SubclassTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom()).build();

  @Test
  void guardedMethodSucceedsOnTheThirdAttempt() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));
    Inventory inventory = new InventoryRetrying(options, script);

    assertEquals(7, inventory.reserve("sku", 7));

    assertEquals(3, script.calls());
    assertEquals(asList(50L, 50L), clock.sleeps());
  }

  @Test
  void guardedMethodGivesUpAfterMaxAttemptsWithTheSameFailure() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    Inventory inventory = new InventoryRetrying(options, script);

    IOException thrown = assertThrows(IOException.class, () -> inventory.reserve("sku", 1));

    assertSame(failure, thrown);
    assertEquals(3, script.calls());
    assertEquals(asList(50L, 50L), clock.sleeps());
  }

  @Test
  void uncheckedFailureOutsideRetryForIsRethrownAtOnce() {
    IllegalStateException failure = new IllegalStateException("no");
    Script script = Script.alwaysFailing(failure);
    Inventory inventory = new InventoryRetrying(options, script);

    IllegalStateException thrown =
        assertThrows(IllegalStateException.class, () -> inventory.reserve("sku", 1));

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
  }

  @Test
  void errorIsRethrownAtOnce() {
    SimulatedError failure = new SimulatedError("boom");
    Script script = Script.alwaysFailing(failure);
    Inventory inventory = new InventoryRetrying(options, script);

    SimulatedError thrown = assertThrows(SimulatedError.class, inventory::protectedWork);

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
  }

  @Test
  void protectedAndPackagePrivateMethodsAreGuarded() {
    // each fails once, then succeeds on its second and last attempt
    Script script =
        Script.failing(new IllegalStateException("1"), null, new IllegalStateException("2"));
    Inventory inventory = new InventoryRetrying(options, script);

    assertEquals("protected", inventory.protectedWork());
    inventory.packagePrivateWork();

    assertEquals(4, script.calls());
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void unguardedMethodIsNotRetried() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    Inventory inventory = new InventoryRetrying(options, script);

    IOException thrown = assertThrows(IOException.class, inventory::plain);

    assertSame(failure, thrown);
    assertEquals(1, inventory.plainCalls);
    assertEquals(1, script.calls());
  }

  @Test
  void unguardedMethodsAreInheritedUntouched() {
    List<String> declared = new ArrayList<>();
    for (java.lang.reflect.Method method : InventoryRetrying.class.getDeclaredMethods()) {
      if (!method.isSynthetic()) {
        declared.add(method.getName());
      }
    }
    Collections.sort(declared);

    assertEquals(asList("packagePrivateWork", "protectedWork", "reserve"), declared);
  }

  @Test
  void selfCallFromInsideTheClassGoesThroughTheLoop() throws IOException {
    Script script =
        Script.failing(new IOException("1"), new IOException("2"), null, new IOException("3"));
    Inventory inventory = new InventoryRetrying(options, script);

    assertEquals("reserved 3", inventory.reserveTwice());

    // reserve("a", 1) fails twice and succeeds on attempt 3; reserve("b", 2) fails once
    assertEquals(5, script.calls());
    assertEquals(asList(50L, 50L, 50L), clock.sleeps());
  }

  @Test
  void nestedGuardedSelfCallsMultiplyAttempts() {
    NestedGuarded nested = new NestedGuardedRetrying(options);

    IOException thrown = assertThrows(IOException.class, nested::outer);

    // each of outer's 3 attempts runs inner's loop of 3 attempts (SPEC §2, README)
    assertEquals(3, nested.outerCalls);
    assertEquals(9, nested.innerCalls);
    assertEquals("inner 9", thrown.getMessage());
  }

  @Test
  void constructorWithOptionsPassesItsArgumentsToSuper() {
    Script script = Script.succeeding();
    Inventory inventory = new InventoryRetrying(options, script, "main", 42);

    assertSame(script, inventory.script);
    assertEquals("main", inventory.name);
    assertEquals(42, inventory.capacity);
  }

  @Test
  void constructorWithoutOptionsPassesItsArgumentsToSuperAndRetries() {
    // default options: delay 0 so that the real sleeper is never needed
    Script script = Script.failing(new IllegalStateException("1"));
    Inventory inventory = new InventoryRetrying(script, "main", 42);

    assertEquals("protected", inventory.protectedWork());

    assertEquals("main", inventory.name);
    assertEquals(42, inventory.capacity);
    assertEquals(2, script.calls());
  }

  @Test
  void mirroredConstructorKeepsThrows() throws IOException {
    IOException thrown = assertThrows(IOException.class, () -> new InventoryRetrying(""));
    assertEquals("empty name", thrown.getMessage());

    IOException withOptions =
        assertThrows(IOException.class, () -> new InventoryRetrying(options, ""));
    assertEquals("empty name", withOptions.getMessage());

    assertEquals("shop", new InventoryRetrying(options, "shop").name);
    assertEquals("shop", new InventoryRetrying("shop").name);
  }

  @Test
  void varargsConstructorIsMirrored() {
    Script script = Script.failing(new IllegalStateException("1"));
    Inventory plain = new InventoryRetrying(Script.succeeding(), "a", "b", "c");
    Inventory withOptions = new InventoryRetrying(options, script, "x", "y");

    assertEquals(asList("a", "b", "c"), plain.tags);
    assertEquals(asList("x", "y"), withOptions.tags);
    assertEquals("protected", withOptions.protectedWork());
    assertEquals(2, script.calls());
  }

  @Test
  void constructorsMirrorEveryNonPrivateConstructorTwice() throws NoSuchMethodException {
    Class<InventoryRetrying> type = InventoryRetrying.class;
    type.getDeclaredConstructor(Script.class);
    type.getDeclaredConstructor(RetryOptions.class, Script.class);
    type.getDeclaredConstructor(Script.class, String.class, int.class);
    type.getDeclaredConstructor(RetryOptions.class, Script.class, String.class, int.class);
    type.getDeclaredConstructor(String.class);
    type.getDeclaredConstructor(RetryOptions.class, String.class);
    Constructor<InventoryRetrying> varargs =
        type.getDeclaredConstructor(Script.class, String[].class);
    Constructor<InventoryRetrying> varargsWithOptions =
        type.getDeclaredConstructor(RetryOptions.class, Script.class, String[].class);

    assertEquals(8, type.getDeclaredConstructors().length); // not the private one
    assertTrue(varargs.isVarArgs());
    assertTrue(varargsWithOptions.isVarArgs());
    assertEquals(
        asList(IOException.class),
        asList(type.getDeclaredConstructor(String.class).getExceptionTypes()));
  }

  @Test
  void generatedSubclassIsFinalAndExtendsTheInput() {
    assertTrue(Modifier.isFinal(InventoryRetrying.class.getModifiers()));
    assertEquals(Inventory.class, InventoryRetrying.class.getSuperclass());
    assertFalse(Modifier.isPublic(InventoryRetrying.class.getModifiers()));
  }

  @Test
  void typeLevelGuardsOverridableMethods() throws IOException {
    Script script = Script.failing(new IOException("1"), new IOException("2"));
    Ledger ledger = new LedgerRetrying(options, script);

    assertEquals("posted", ledger.post());

    assertEquals(3, script.calls());
    assertEquals(asList(5L, 5L), clock.sleeps());
  }

  @Test
  void typeLevelSkipsFinalMethods() {
    IOException failure = new IOException("down");
    Script script = Script.alwaysFailing(failure);
    Ledger ledger = new LedgerRetrying(options, script);

    IOException thrown = assertThrows(IOException.class, ledger::finalPost);

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
  }

  @Test
  void methodsOfObjectAreNeverGuarded() {
    IllegalStateException failure = new IllegalStateException("toString fails");
    Script script = Script.alwaysFailing(failure);
    Ledger ledger = new LedgerRetrying(options, script);

    IllegalStateException thrown = assertThrows(IllegalStateException.class, ledger::toString);

    assertSame(failure, thrown);
    assertEquals(1, script.calls());
  }

  @Test
  void guardedMethodCalledFromTheSuperConstructorRunsOnceWithoutTheLoop() {
    Script script = Script.succeeding();
    SelfInitializing initialized = new SelfInitializingRetrying(options, script);

    assertEquals("loaded", initialized.initial);
    assertEquals(1, script.calls());
  }

  @Test
  void guardedMethodCalledAfterConstructionGoesThroughTheLoop() {
    // the constructor's call succeeds, the next call fails once
    Script script = Script.failing(null, new IllegalStateException("1"));
    SelfInitializing initialized = new SelfInitializingRetrying(options, script);

    assertEquals("loaded", initialized.load());

    assertEquals(3, script.calls());
  }
}
