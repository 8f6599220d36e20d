package io.retrygen.processor.check;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.Mirrors;
import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.read.ConfigCache;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The warnings about the values of one annotation, wherever it guards: probable mistakes that
 * still compile, each on the value that is wrong, saying why and what to write instead. Those that
 * need the guarded methods are {@link ModelWarnings}'; those about recover methods, {@link
 * io.retrygen.processor.read.RecoverResolver}'s.
 */
public final class AnnotationWarnings {
  private final Elements elements;
  private final Types types;
  private final Report report;
  private final ConfigCache configs;

  public AnnotationWarnings(Elements elements, Types types, Report report, ConfigCache configs) {
    this.elements = elements;
    this.types = types;
    this.report = report;
    this.configs = configs;
  }

  /**
   * The warnings about the annotations {@code type} itself carries, on the type and its own
   * methods; those of a supertype are checked when the supertype is processed.
   */
  public void checkAnnotations(TypeElement type) {
    for (Element element : Declarations.typeAndOwnMethods(type)) {
      AnnotationMirror retryable = Mirrors.find(element, AnnotationNames.RETRYABLE);
      if (retryable != null) {
        warnStatisticsListener(element, retryable);
        warnMaxDelayWithoutEffect(element);
      }
    }
    if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
      warnSourceRetention(type);
    }
  }

  /**
   * Warns about a meta-annotation with {@code SOURCE} retention: it stands for ours in this
   * compilation only, since class files do not keep it, so a type compiled later that inherits a
   * method or type carrying it (another module, a Kotlin stub, an incremental rebuild) loses the
   * policy without a word. Ours are {@code CLASS}; no {@code @Retention} means {@code CLASS} too.
   */
  private void warnSourceRetention(TypeElement meta) {
    AnnotationMirror retention = Mirrors.find(meta, "java.lang.annotation.Retention");
    if (retention == null) {
      return;
    }
    for (AnnotationValue value : retention.getElementValues().values()) {
      if (value.getValue() instanceof VariableElement
          && ((VariableElement) value.getValue()).getSimpleName().contentEquals("SOURCE")) {
        warnSourceRetention(meta, retention, value);
      }
    }
  }

  private void warnSourceRetention(
      TypeElement meta, AnnotationMirror retention, AnnotationValue value) {
    report.warning(
        meta, retention, value,
        "@%s has SOURCE retention, so class files do not keep it: a type compiled later that"
            + " inherits a method or type carrying it (from another module, or after an"
            + " incremental rebuild) loses the policy it stands for. Use"
            + " @Retention(RetentionPolicy.CLASS), as retrygen's own annotations do",
        meta.getSimpleName());
  }
  /**
   * Warns about a {@code maxDelay} on a fixed backoff with nothing to cap: no multiplier, no
   * {@code random}, no {@code jitter} and no {@code delayFor}, so every wait is {@code delay}.
   * Spring Retry reads the same annotation as a uniform random wait between the two, which a user
   * coming from it would silently lose.
   */
  private void warnMaxDelayWithoutEffect(Element element) {
    BackoffConfig backoff = configs.retry(element).backoff();
    long delay = backoff.delay();
    long maxDelay = backoff.maxDelay();
    if (maxDelay <= delay // none, the same (Spring Retry would wait it too), or an error already
        || backoff.exponential()
        || backoff.random()
        || backoff.jitter() > 0
        || !backoff.delayFor().isEmpty()) {
      return;
    }
    report.warning(
        element, backoff.mirror(), backoff.explicit("maxDelay"),
        "@Backoff(maxDelay = %d) has no effect: without a multiplier, random or jitter every wait"
            + " is delay = %d ms, so there is nothing to cap. (Spring Retry would wait a uniform"
            + " random %d to %d ms here.) Add random = true for that, or remove maxDelay",
        maxDelay, delay, delay, maxDelay);
  }
  /**
   * Warns about {@code StatisticsListener} in {@code listeners}: the generated class
   * creates its own instance, which no one else can reach, so its counts could never be read.
   */
  private void warnStatisticsListener(Element element, AnnotationMirror retryable) {
    TypeElement statistics = elements.getTypeElement(AnnotationNames.STATISTICS_LISTENER);
    if (statistics == null) {
      return;
    }
    for (TypeMirror listener : configs.retry(element).listeners()) {
      if (types.isSameType(types.erasure(listener), types.erasure(statistics.asType()))) {
        report.warning(
            element, retryable, Mirrors.classValue(types, retryable, "listeners", listener),
            "@Retryable(listeners = StatisticsListener.class) counts in vain: the generated class"
                + " creates that instance for itself, one per generated object, so its counts"
                + " could never be read. Create one StatisticsListener and pass it with"
                + " RetryOptions.builder().listener(...) instead");
      }
    }
  }
}
