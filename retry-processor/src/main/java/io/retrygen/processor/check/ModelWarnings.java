package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.KotlinSupport;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.MetaAnnotations;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.Schedule;
import io.retrygen.processor.model.Waits;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The warnings that need the guarded methods of a type read without errors: probable mistakes that
 * still compile, each reported on the value that is wrong where there is one, saying why it is
 * probably a mistake and what to write instead. Warnings never stop generation. Those about one
 * annotation's values alone are {@link AnnotationWarnings}'; those about recover methods, {@link
 * io.retrygen.processor.read.RecoverResolver}'s.
 */
public final class ModelWarnings {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final TimeoutValidator timeouts;

  public ModelWarnings(Elements elements, Types types, Report report) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.timeouts = new TimeoutValidator(report);
  }

  /**
   * The warnings about a type read without errors: they need its guarded methods. {@code inputs}
   * are this round's inputs, which report the annotations they declare themselves.
   */
  public void checkModel(RetryableType model, List<TypeElement> inputs) {
    warnRetryForNotThrown(model);
    warnGuardsNothing(model);
    warnUnreachableAttempts(model, inputs);
    timeouts.warnNotBelowMaxDuration(model, inputs);
    warnArrayKeys(model);
  }

  /**
   * Warns about a stateful method keyed by its arguments (no {@code stateKey}) when one of them is
   * an array (a varargs parameter included): the list of the arguments compares it by identity,
   * so a redelivery with an equal array is a new key whose retries never end. On the {@code
   * stateful} value where the annotation is on the method, else on the method.
   */
  private void warnArrayKeys(RetryableType model) {
    for (GuardedMethod method : model.methods()) {
      if (!method.stateful() || method.stateKey() != null) {
        continue;
      }
      ExecutableElement guarded = method.method();
      List<? extends TypeMirror> parameters = method.type().getParameterTypes();
      for (int i = 0; i < parameters.size(); i++) {
        if (parameters.get(i).getKind() != TypeKind.ARRAY) {
          continue;
        }
        RetryConfig retry = method.retry();
        boolean onMethod = retry.annotatedElement().equals(guarded);
        report.warning(
            guarded,
            onMethod ? retry.useMirror() : null,
            onMethod ? retry.useValue("stateful") : null,
            "@Retryable(stateful = true)%s keys each call of %s by its arguments, and its"
                + " parameter %d (%s) is an array, which equals only itself: a redelivery with an"
                + " equal array is a new key, so its retries never end. Name a stateKey method"
                + " that computes the key from what identifies the call (a message id)",
            retry.ofMeta(), Messages.signature(guarded), i + 1,
            Messages.typeName(parameters.get(i)));
        break;
      }
    }
  }

  /**
   * Warns about a {@code maxAttempts} that a deterministic backoff can never reach within {@code
   * maxDuration}: a backoff is taken only while {@code elapsed + wait <
   * maxDuration}, so even with attempts that take no time, retry {@code k} happens only
   * while the first {@code k} waits add up to less than {@code maxDuration}. Once per annotation:
   * a type-level one that guards many methods warns once, where it is declared (on the value, or
   * on the annotation when {@code maxAttempts} is defaulted). One inherited from a supertype is
   * reported by that supertype when it is an input of this round, else (a jar) once on the input
   * naming the supertype, as {@code ReportPrinter} does for inherited settings. {@code
   * maxAttempts = Integer.MAX_VALUE} is the idiom for "retry until {@code maxDuration} runs out"
   * and never warns.
   */
  private void warnUnreachableAttempts(RetryableType model, List<TypeElement> inputs) {
    TypeElement type = model.element();
    Map<Element, RetryConfig> byAnnotation = new LinkedHashMap<>();
    for (GuardedMethod method : model.methods()) {
      RetryConfig retry = method.retry();
      if (retry == null || retry.metaAnnotation() != null) {
        continue; // a meta-annotation's values are warned about on its declaration
      }
      TypeElement declaring = Declarations.declaringType(retry.annotatedElement());
      if (declaring.equals(type) || !inputs.contains(declaring)) {
        byAnnotation.putIfAbsent(retry.annotatedElement(), retry);
      }
    }
    for (RetryConfig retry : byAnnotation.values()) {
      warnUnreachableAttempts(retry);
    }
  }

  /**
   * The warnings about the values of a meta-annotation's declaration that need no method: the
   * {@code maxAttempts} its own backoff can never reach within its {@code maxDuration}.
   */
  public void checkMetaAnnotation(RetryConfig retry) {
    // Not one it carries only through another annotation type: that one stands for nothing.
    if (retry != null && retry.metaAnnotation() == null) {
      warnUnreachableAttempts(retry);
    }
  }

  private void warnUnreachableAttempts(RetryConfig retry) {
    Waits waits = Waits.of(retry.backoff());
    int maxAttempts = retry.maxAttempts();
    long maxDuration = retry.maxDuration();
    // maxAttempts = Integer.MAX_VALUE says "until maxDuration runs out": nothing to warn about.
    if (!waits.deterministic()
        || maxDuration <= 0
        || maxAttempts <= 1
        || maxAttempts == Integer.MAX_VALUE) {
      return;
    }
    Schedule reachable = waits.exact(maxAttempts, maxDuration);
    long attempts = reachable.retries() + 1;
    if (!reachable.exact() || attempts >= maxAttempts) {
      return;
    }
    // The waits up to the first that does not fit: together they reach maxDuration.
    Schedule cut = waits.largest((int) attempts + 1);
    long all = waits.largest(maxAttempts).total();
    AnnotationValue written = retry.explicit("maxAttempts");
    report.warning(
        retry.annotatedElement(), retry.mirror(), written,
        "%s can never be reached: at most %d attempts fit in"
            + " maxDuration = %d ms. A retry starts only while elapsed + wait < maxDuration,"
            + " and even if attempts took no time, the first %d %s (%s) add up to %d ms, which"
            + " is not below %d. Lower maxAttempts to %d%s",
        written == null
            ? "The default maxAttempts = " + maxAttempts + " of this @Retryable"
            : "@Retryable(maxAttempts = " + maxAttempts + ")",
        attempts, maxDuration,
        cut.retries(), cut.retries() == 1 ? "wait" : "waits",
        cut.rising() == 0 && cut.retries() > 1 ? cut.steady() + " ms each" : cut.describe(),
        cut.total(),
        maxDuration, attempts,
        all == Long.MAX_VALUE
            ? ""
            : String.format(
                Locale.ROOT, ", or raise maxDuration above %d ms, the sum of all %d waits",
                all, maxAttempts - 1));
  }

  /**
   * Warns about a type-level {@code @Retryable} or {@code @CircuitBreaker} on a class that has
   * methods, but none the annotation can guard: they are all final, static or private,
   * as the functions of a Kotlin class are unless marked {@code open}. Not about a type with no
   * such method: an empty interface or class that carries the annotation for its subtypes is a
   * legal pattern (they inherit it), nor about an interface, whose abstract and default
   * methods are always guarded. A type-level annotation that every method overrides with its own
   * is a choice, not a probable mistake: then methods are guarded. Runs only on a type read
   * without errors.
   */
  private void warnGuardsNothing(RetryableType model) {
    TypeElement type = model.element();
    if (type.getKind().isInterface() || !hasSkippedMethod(type)) {
      return;
    }
    for (GuardedMethod method : model.methods()) {
      if (method.isGuarded()) {
        return;
      }
    }
    boolean kotlin = KotlinSupport.isKotlin(type);
    for (String name :
        new String[] {
          AnnotationNames.RETRYABLE, AnnotationNames.CIRCUIT_BREAKER, AnnotationNames.TIMEOUT
        }) {
      MetaAnnotations.Placed placed = MetaAnnotations.find(type, name);
      AnnotationMirror annotation = placed == null ? null : placed.written();
      if (annotation != null) {
        report.warning(
            type, annotation, null,
            "@%s on %s guards no method, so it has no effect: a type-level annotation applies to"
                + " the methods the generated class can override, and %s has none (%s). %s, or"
                + " remove the annotation",
            annotation.getAnnotationType().asElement().getSimpleName(), type.getSimpleName(),
            type.getSimpleName(),
            kotlin
                ? "Kotlin functions are final unless marked open"
                : "final, static and private methods are skipped",
            kotlin
                ? "Mark the functions it should guard `open`"
                : "Remove final from the methods it should guard");
      }
    }
  }

  /** Whether {@code type} declares a non-{@code @Recover} method that cannot be overridden. */
  private static boolean hasSkippedMethod(TypeElement type) {
    for (ExecutableElement method : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (Mirrors.find(method, AnnotationNames.RECOVER) == null
          && (method.getModifiers().contains(Modifier.FINAL)
              || method.getModifiers().contains(Modifier.STATIC)
              || method.getModifiers().contains(Modifier.PRIVATE))) {
        return true;
      }
    }
    return false;
  }

  /**
   * Warns about each checked exception in {@code retryFor} that the methods its {@code @Retryable}
   * guards cannot throw: no throws clause declares it, a supertype or a subtype of it, so
   * javac guarantees it never reaches the retry loop. A method-level annotation is checked against
   * its method; a type-level one against all the methods it guards, and warned about only when
   * none of them can throw the type (one warning, not one per method that cannot). Annotations
   * declared in a supertype are checked when that supertype, an input too, is processed.
   * Kotlin declares no throws clauses, so a method declared in Kotlin can throw anything; nor does
   * a future, so an asynchronous method can fail with anything. With {@code matchCauses}, the
   * checked exception may arrive as the cause of an unchecked one: no warning either.
   */
  private void warnRetryForNotThrown(RetryableType model) {
    TypeElement type = model.element();
    if (KotlinSupport.isKotlin(type)) {
      return;
    }
    Map<Element, List<GuardedMethod>> byAnnotation = new LinkedHashMap<>();
    // Keyed by where it applies: a meta-annotation's retryFor is judged where it is used.
    for (GuardedMethod method : model.methods()) {
      // With matchCauses, a checked exception may arrive as the cause of an unchecked one.
      if (method.retry() == null || method.retry().matchCauses()) {
        continue;
      }
      Element annotated = method.retry().annotatedElement();
      if (annotated.equals(type) || annotated.getEnclosingElement().equals(type)) {
        byAnnotation.computeIfAbsent(annotated, unused -> new ArrayList<>()).add(method);
      }
    }
    for (Map.Entry<Element, List<GuardedMethod>> entry : byAnnotation.entrySet()) {
      List<GuardedMethod> guarded = entry.getValue();
      RetryConfig retry = guarded.get(0).retry();
      AnnotationMirror retryable = retry.useMirror();
      for (TypeMirror failure : retry.retryFor()) {
        if (!isChecked(failure) || anyCanThrow(guarded, failure)) {
          continue;
        }
        String name = Messages.typeName(failure);
        AnnotationValue value =
            retry.metaAnnotation() == null
                ? Mirrors.classValue(types, retryable, "retryFor", failure)
                : null;
        if (entry.getKey() instanceof ExecutableElement) {
          report.warning(
              entry.getKey(), retryable, value,
              "@Retryable(retryFor = %s.class)%s can never match: %s is a checked exception that"
                  + " %s cannot throw, as its throws clause declares neither %s nor a supertype or"
                  + " subtype of it. Declare it in the throws clause, or remove it from retryFor",
              name, retry.ofMeta(), name, Messages.signature(guarded.get(0).method()), name);
        } else {
          report.warning(
              entry.getKey(), retryable, value,
              "@Retryable(retryFor = %s.class)%s can never match: %s is a checked exception that"
                  + " none of the methods this @Retryable guards in %s can throw, as no throws"
                  + " clause of theirs declares %s or a supertype or subtype of it. Declare it in"
                  + " the throws clause of the methods that throw it, or remove it from retryFor",
              name, retry.ofMeta(), name, type.getSimpleName(), name);
        }
      }
    }
  }

  /**
   * Whether {@code failure} is a checked exception that some code could not throw. Exception and
   * Throwable are checked by the letter of the JLS, but include RuntimeException and Error, so
   * every method can throw them.
   */
  private boolean isChecked(TypeMirror failure) {
    TypeMirror runtimeException = elements.getTypeElement("java.lang.RuntimeException").asType();
    return !types.isSubtype(failure, runtimeException)
        && !types.isSubtype(failure, elements.getTypeElement("java.lang.Error").asType())
        && !types.isSubtype(runtimeException, failure);
  }

  /**
   * Whether one of {@code methods} declares {@code failure}, a supertype or a subtype of it. A type
   * variable in a throws clause stands for any subtype of its bound, hence the erasure.
   */
  private boolean anyCanThrow(List<GuardedMethod> methods, TypeMirror failure) {
    for (GuardedMethod method : methods) {
      if (KotlinSupport.isKotlin(method.method()) || method.returnKind().isDeferred()) {
        return true; // no throws clause limits what a future completes with
      }
      for (TypeMirror thrown : method.type().getThrownTypes()) {
        TypeMirror declared = types.erasure(thrown);
        if (types.isSubtype(failure, declared) || types.isSubtype(declared, failure)) {
          return true;
        }
      }
    }
    return false;
  }

}
