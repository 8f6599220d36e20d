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
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Interface inputs: the generated final delegate. */
class DelegateTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RetryOptions options =
      RetryOptions.builder().sleeper(clock).ticker(clock).random(new QueueRandom()).build();

  @Test
  void guardedMethodSucceedsOnTheThirdAttemptWithTheArguments() throws IOException {
    ScriptedCatalog delegate =
        new ScriptedCatalog(Script.failing(new IOException("1"), new IOException("2")));
    Catalog catalog = new CatalogRetrying(delegate, options);

    assertEquals("found x1", catalog.lookup("x1"));

    assertEquals(asList("lookup x1", "lookup x1", "lookup x1"), delegate.calls);
    assertEquals(asList(20L, 20L), clock.sleeps());
  }

  @Test
  void guardedMethodGivesUpAfterMaxAttempts() {
    IOException failure = new IOException("down");
    ScriptedCatalog delegate = new ScriptedCatalog(Script.alwaysFailing(failure));
    Catalog catalog = new CatalogRetrying(delegate, options);

    IOException thrown = assertThrows(IOException.class, () -> catalog.lookup("x"));

    assertSame(failure, thrown);
    assertEquals(3, delegate.calls.size());
    assertEquals(asList(20L, 20L), clock.sleeps());
  }

  @Test
  void abstractUnguardedMethodIsForwardedOnce() {
    IOException failure = new IOException("down");
    ScriptedCatalog delegate = new ScriptedCatalog(Script.alwaysFailing(failure));
    Catalog catalog = new CatalogRetrying(delegate, options);

    IOException thrown = assertThrows(IOException.class, () -> catalog.describe("y"));

    assertSame(failure, thrown);
    assertEquals(asList("describe y"), delegate.calls);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void abstractUnguardedMethodReturnsTheDelegatesResult() throws IOException {
    ScriptedCatalog delegate = new ScriptedCatalog(Script.succeeding());

    assertEquals("about y", new CatalogRetrying(delegate, options).describe("y"));
  }

  @Test
  void defaultMethodIsForwardedToTheDelegatesOverride() {
    Catalog catalog = new CatalogRetrying(new ScriptedCatalog(Script.succeeding()), options);

    assertEquals("scripted greeting", catalog.greeting());
  }

  @Test
  void defaultMethodIsForwardedSoItRunsOnTheDelegate() {
    Catalog catalog = new CatalogRetrying(new ScriptedCatalog(Script.succeeding()), options);

    assertEquals("farewell from ScriptedCatalog", catalog.farewell());
  }

  @Test
  void guardedDefaultMethodRetriesTheDelegatesCall() throws IOException {
    // lookupTwice runs on the delegate: its own lookup calls are not guarded
    ScriptedCatalog delegate = new ScriptedCatalog(Script.failing(null, new IOException("b")));
    Catalog catalog = new CatalogRetrying(delegate, options);

    assertEquals("found a+found b", catalog.lookupTwice());

    assertEquals(asList("lookup a", "lookup b", "lookup a", "lookup b"), delegate.calls);
    assertEquals(Collections.<Long>emptyList(), clock.sleeps());
  }

  @Test
  void constructorWithoutOptionsWorks() throws IOException {
    ScriptedCatalog delegate = new ScriptedCatalog(Script.succeeding());
    Catalog catalog = new CatalogRetrying(delegate);

    assertEquals("found z", catalog.lookup("z"));
    assertEquals(asList("lookup z"), delegate.calls);
  }

  @Test
  void constructorWithoutOptionsRetries() throws IOException {
    // delay 0: the default (real) sleeper is not needed
    ScriptedCatalog delegate = new ScriptedCatalog(Script.failing(new IOException("once")));
    Catalog catalog = new CatalogRetrying(delegate);

    assertEquals("found a+found b", catalog.lookupTwice());
    assertEquals(3, delegate.calls.size());
  }

  @Test
  void nullDelegateIsRejected() {
    NullPointerException thrown =
        assertThrows(NullPointerException.class, () -> new CatalogRetrying(null, options));
    assertEquals("delegate == null", thrown.getMessage());
  }

  @Test
  void generatedDelegateIsPublicFinalAndImplementsTheInput() throws NoSuchMethodException {
    int modifiers = CatalogRetrying.class.getModifiers();
    assertTrue(Modifier.isPublic(modifiers));
    assertTrue(Modifier.isFinal(modifiers));
    assertEquals(asList(Catalog.class), asList(CatalogRetrying.class.getInterfaces()));
    assertTrue(
        Modifier.isPublic(CatalogRetrying.class.getConstructor(Catalog.class).getModifiers()));
    assertTrue(
        Modifier.isPublic(
            CatalogRetrying.class
                .getConstructor(Catalog.class, RetryOptions.class)
                .getModifiers()));
  }

  @Test
  void packagePrivateInputGivesAPackagePrivateDelegate() {
    assertFalse(Modifier.isPublic(BackoffClientRetrying.class.getModifiers()));
    assertTrue(Modifier.isFinal(BackoffClientRetrying.class.getModifiers()));
  }

  @Test
  void everyAbstractAndDefaultMethodIsImplemented() {
    List<String> declared = new ArrayList<>();
    for (java.lang.reflect.Method method : CatalogRetrying.class.getDeclaredMethods()) {
      if (!method.isSynthetic()) {
        declared.add(method.getName());
      }
    }
    Collections.sort(declared);

    assertEquals(asList("describe", "farewell", "greeting", "lookup", "lookupTwice"), declared);
  }

  /** Records calls as "method argument" and runs the script for each. */
  static final class ScriptedCatalog implements Catalog {
    final List<String> calls = new ArrayList<>();
    private final Script script;

    ScriptedCatalog(Script script) {
      this.script = script;
    }

    @Override
    public String lookup(String id) throws IOException {
      calls.add("lookup " + id);
      script.call(IOException.class);
      return "found " + id;
    }

    @Override
    public String describe(String id) throws IOException {
      calls.add("describe " + id);
      script.call(IOException.class);
      return "about " + id;
    }

    @Override
    public String greeting() {
      return "scripted greeting";
    }
  }
}
