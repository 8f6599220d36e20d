package io.retrygen.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.retrygen.RetryEvent;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.RecordingListener;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Which annotation wins: the method's own, else the overridden method's, else the input's
 * type-level one, else the nearest supertype's; used whole.
 */
class NearestAnnotationTest {
  private final VirtualTime clock = VirtualTime.start();
  private final RecordingListener listener = new RecordingListener();
  private final RetryOptions options =
      RetryOptions.builder()
          .sleeper(clock)
          .ticker(clock)
          .random(new QueueRandom())
          .listener(listener)
          .build();
  private final Script script = Script.alwaysFailing(new IOException("down"));
  private final Everything delegate = new Everything(script);

  /** Runs a call that always fails; describes attempts, waits and the label of the events. */
  private String run(Executable call) {
    return run(IOException.class, call);
  }

  private String run(Class<? extends Throwable> expected, Executable call) {
    assertThrows(expected, call);
    RetryEvent last = listener.events().get(listener.events().size() - 1);
    return "calls=" + script.calls() + " sleeps=" + clock.sleeps() + " label=" + last.label();
  }

  @Test
  void methodLevelBeatsTypeLevel() {
    Layered layered = new LayeredRetrying(delegate, options);

    assertEquals("calls=4 sleeps=[20, 20, 20] label=Layered.own", run(layered::own));
  }

  @Test
  void typeLevelWithDirectBackoffAppliesToUnannotatedMethods() {
    Layered layered = new LayeredRetrying(delegate, options);

    assertEquals("calls=2 sleeps=[10] label=layered-type", run(layered::fromType));
  }

  @Test
  void typeLevelRetryForAppliesToUnannotatedMethods() {
    Script failing = Script.alwaysFailing(new IllegalStateException("not I/O"));
    Layered layered = new LayeredRetrying(new Everything(failing), options);

    assertThrows(IllegalStateException.class, layered::fromType);

    assertEquals(1, failing.calls());
  }

  @Test
  void winningAnnotationIsUsedWholeNotMergedWithTheTypeLevelOne() {
    // the type-level one says retryFor = IOException, delay 10, label "layered-type";
    // the method's own says only maxAttempts = 3: so Exception, 1000 ms and the default label
    Script failing = Script.alwaysFailing(new IllegalStateException("retried"));
    Layered layered = new LayeredRetrying(new Everything(failing), options);

    assertThrows(IllegalStateException.class, layered::ownWithDefaults);

    assertEquals(3, failing.calls());
    assertEquals("[1000, 1000]", clock.sleeps().toString());
    assertEquals("Layered.ownWithDefaults", listener.events().get(0).label());
  }

  @Test
  void inheritedMethodKeepsTheParentsMethodLevelAnnotationOverTheParentsTypeLevel() {
    PlainChildApi child = new PlainChildApiRetrying(delegate, options);

    assertEquals(
        "calls=4 sleeps=[11, 11, 11] label=PlainChildApi.parentMethod", run(child::parentMethod));
  }

  @Test
  void redeclaredMethodWithoutAnnotationKeepsTheOverriddenMethodsAnnotation() {
    // ChildApi redeclares parentMethod without annotation and has a type-level one of its own
    ChildApi child = new ChildApiRetrying(delegate, options);

    assertEquals(
        "calls=4 sleeps=[11, 11, 11] label=ChildApi.parentMethod", run(child::parentMethod));
  }

  @Test
  void inputTypeLevelBeatsTheSupertypesTypeLevelForInheritedMethods() {
    ChildApi child = new ChildApiRetrying(delegate, options);

    assertEquals("calls=3 sleeps=[5, 5] label=ChildApi.parentPlain", run(child::parentPlain));
  }

  @Test
  void inputTypeLevelAppliesToItsOwnMethods() {
    ChildApi child = new ChildApiRetrying(delegate, options);

    assertEquals("calls=3 sleeps=[5, 5] label=ChildApi.childMethod", run(child::childMethod));
  }

  @Test
  void supertypesTypeLevelAppliesWhenNothingIsNearer() {
    PlainChildApi child = new PlainChildApiRetrying(delegate, options);

    assertEquals("calls=2 sleeps=[7] label=parent-type", run(child::childPlain));
  }

  @Test
  void supertypesTypeLevelAppliesToItsInheritedUnannotatedMethods() {
    PlainChildApi child = new PlainChildApiRetrying(delegate, options);

    assertEquals("calls=2 sleeps=[7] label=parent-type", run(child::parentPlain));
  }

  @Test
  void ownMethodAnnotationOfAChildWithoutTypeLevel() {
    PlainChildApi child = new PlainChildApiRetrying(delegate, options);

    assertEquals("calls=5 sleeps=[] label=PlainChildApi.childOwn", run(child::childOwn));
  }

  @Test
  void firstSuperinterfaceInDeclarationOrderIsNearer() {
    BothParents both = new BothParentsRetrying(delegate, options);

    assertEquals("calls=2 sleeps=[1] label=first", run(both::both));
  }

  @Test
  void overrideInAClassKeepsTheInterfaceMethodsAnnotationOverTheTypeLevel() {
    DerivedService service = new DerivedServiceRetrying(options, script);

    assertEquals("calls=4 sleeps=[13, 13, 13] label=DerivedService.fetch", run(service::fetch));
  }

  @Test
  void overrideInAClassKeepsTheSuperclassMethodsAnnotationOverTheTypeLevel() {
    DerivedService service = new DerivedServiceRetrying(options, script);

    assertEquals("calls=2 sleeps=[17] label=DerivedService.load", run(service::load));
  }

  @Test
  void overrideInAClassCallsTheOverridingBody() throws IOException {
    DerivedService service = new DerivedServiceRetrying(options, Script.succeeding());

    assertEquals("derived load", service.load());
    assertEquals("derived fetch", service.fetch());
  }

  @Test
  void classTypeLevelAppliesToItsOwnAndInheritedUnannotatedMethods() {
    DerivedService service = new DerivedServiceRetrying(options, script);
    assertEquals("calls=3 sleeps=[19, 19] label=DerivedService.other", run(service::other));

    Script second = Script.alwaysFailing(new IOException("down"));
    RecordingListener secondListener = new RecordingListener();
    VirtualTime secondClock = VirtualTime.start();
    DerivedService another =
        new DerivedServiceRetrying(
            RetryOptions.builder()
                .sleeper(secondClock)
                .ticker(secondClock)
                .listener(secondListener)
                .build(),
            second);
    assertThrows(IOException.class, another::baseOther);
    assertEquals(3, second.calls());
    assertEquals("[19, 19]", secondClock.sleeps().toString());
    assertEquals("DerivedService.baseOther", secondListener.events().get(0).label());
  }

  @Test
  void superclassTypeLevelIsNearerThanAnInterfacesTypeLevel() {
    PlainDerived derived = new PlainDerivedRetrying(options, script);

    assertEquals("calls=2 sleeps=[23] label=annotated-base", run(derived::derivedWork));
  }

  @Test
  void superclassTypeLevelAppliesToItsInheritedMethods() {
    PlainDerived derived = new PlainDerivedRetrying(options, script);

    assertEquals("calls=2 sleeps=[23] label=annotated-base", run(derived::baseWork));
  }

  @Test
  void subclassOwnMethodAnnotation() {
    PlainDerived derived = new PlainDerivedRetrying(options, script);

    assertEquals("calls=5 sleeps=[] label=PlainDerived.own", run(derived::own));
  }

  /** Implements every interface input of these tests by running one script. */
  static final class Everything implements Layered, ChildApi, PlainChildApi, BothParents {
    private final Script script;

    Everything(Script script) {
      this.script = script;
    }

    private void run() throws IOException {
      script.call(IOException.class);
    }

    @Override
    public void own() throws IOException {
      run();
    }

    @Override
    public void ownWithDefaults() throws IOException {
      run();
    }

    @Override
    public void fromType() throws IOException {
      run();
    }

    @Override
    public void childMethod() throws IOException {
      run();
    }

    @Override
    public void parentMethod() throws IOException {
      run();
    }

    @Override
    public void parentPlain() throws IOException {
      run();
    }

    @Override
    public void childOwn() throws IOException {
      run();
    }

    @Override
    public void childPlain() throws IOException {
      run();
    }

    @Override
    public void trigger() {
      script.call();
    }

    @Override
    public void both() throws IOException {
      run();
    }
  }
}
