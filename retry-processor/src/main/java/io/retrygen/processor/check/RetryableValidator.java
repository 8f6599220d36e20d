package io.retrygen.processor.check;

import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.elements.Visibility;
import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * The rules for the values of one {@code @Retryable} and its {@code @Backoff},
 * each reported on the value that is wrong.
 */
public final class RetryableValidator {
  private final Types types;
  private final Report report;

  RetryableValidator(Types types, Report report) {
    this.types = types;
    this.report = report;
  }

  /**
   * Checks {@code retry}, the values of a {@code @Retryable} with its {@code @Backoff}, for the
   * input {@code type}: wherever the annotation is declared, so that settings a supertype passes
   * on are checked too (Report reports those on {@code type}).
   */
  void validate(TypeElement type, RetryConfig retry) {
    Element element = retry.declaredOn();
    AnnotationMirror retryable = retry.mirror();
    int maxAttempts = retry.maxAttempts();
    if (maxAttempts < 1) {
      report.error(
          element, retryable, retry.explicit("maxAttempts"),
          "@Retryable(maxAttempts = %d) is invalid: maxAttempts counts the first call and must be"
              + " at least 1. Use maxAttempts = 1 to call once without retrying",
          maxAttempts);
    }
    long maxDuration = retry.maxDuration();
    AnnotationValue maxDurationValue = retry.explicit("maxDuration");
    if (maxDuration < 0) {
      report.error(
          element, retryable, maxDurationValue,
          "@Retryable(maxDuration = %d) is invalid: maxDuration is a time budget in milliseconds"
              + " and must not be negative. Use 0 for no time limit",
          maxDuration);
    }
    if (retry.directBackoff() != null && retry.explicit("backoff") != null) {
      report.error(
          element, retry.directBackoff(),
          "@Backoff is given twice for this @Retryable: nested as @Retryable(backoff = ...) and"
              + " directly on the %s. Keep one of them",
          Validator.elementName(element));
    }
    long delay = validateBackoff(element, retry.backoff());
    if (maxDuration > 0 && delay >= maxDuration) {
      report.error(
          element, retryable, maxDurationValue,
          "@Retryable(maxDuration = %d) leaves no time for a retry: the backoff waits %d ms before"
              + " the first retry, and a retry starts only while less than maxDuration has"
              + " elapsed. Raise maxDuration above %d, or lower @Backoff(delay)",
          maxDuration, delay, delay);
    }
    validateStateful(element, retry);
    validateVisibility(type, retry);
    PackageElement pkg = GeneratedNames.packageOf(type);
    AnnotationValue listenersValue = retry.explicit("listeners");
    for (TypeMirror listener : retry.listeners()) {
      TypeElement listenerType = (TypeElement) types.asElement(listener);
      if (!isCreatable(listenerType, pkg)) {
        report.error(
            element, retryable, listenersValue,
            "@Retryable(listeners = %s.class) cannot be created by the generated class: a"
                + " listener must be a non-abstract, static, public (or same-package) class with a"
                + " public no-arg constructor. Add one, or register an instance with"
                + " RetryOptions.builder().listener(...)",
            listenerType.getSimpleName());
      }
    }
  }

  /**
   * {@code stateKey} names the key of a stateful call, which only {@code stateful = true} has;
   * {@code retryOnResult} rejects a result, which a stateful call, rethrowing each failure to its
   * caller, would have nothing to rethrow for.
   */
  private void validateStateful(Element element, RetryConfig retry) {
    AnnotationMirror retryable = retry.mirror();
    if (!retry.stateful() && !retry.stateKey().isEmpty()) {
      report.error(
          element, retryable, retry.explicit("stateKey"),
          "@Retryable(stateKey = \"%s\") applies only to stateful = true: a call that is not"
              + " stateful makes all its attempts itself and keeps no state under a key. Set"
              + " stateful = true, or remove stateKey",
          retry.stateKey());
    }
    if (retry.stateful() && !retry.retryOnResult().isEmpty()) {
      report.error(
          element, retryable, retry.explicit("retryOnResult"),
          "@Retryable(retryOnResult = \"%s\") cannot be used with stateful = true: a stateful"
              + " call rethrows each failure to its caller and counts it against the call's key,"
              + " but a rejected result has nothing to rethrow. Remove retryOnResult, or"
              + " stateful = true",
          retry.retryOnResult());
    }
  }

  /**
   * The part of the rules that depends on the generating type: whether its class, in {@code
   * type}'s package, can see the failure types it tests for, and the listeners a meta-annotation
   * names (written directly, they were checked with the values). Reported where it applies.
   */
  void validateVisibility(TypeElement type, RetryConfig retry) {
    PackageElement pkg = GeneratedNames.packageOf(type);
    Validator.checkVisible(types, report, retry, "retryFor", retry.retryFor(), pkg);
    Validator.checkVisible(types, report, retry, "noRetryFor", retry.noRetryFor(), pkg);
    Validator.checkVisible(types, report, retry, "notRecoverable", retry.notRecoverable(), pkg);
    if (retry.metaAnnotation() == null) {
      return; // listeners written here were checked with the other values, from this package
    }
    for (TypeMirror listener : retry.listeners()) {
      TypeElement listenerType = (TypeElement) types.asElement(listener);
      if (!Visibility.isAccessibleFrom(listenerType, pkg)) {
        report.error(
            retry.annotatedElement(), retry.useMirror(),
            "@Retryable(listeners = %s.class)%s cannot be created by the generated class in"
                + " package %s, which cannot see it. Make %s public, or use @%s in its package",
            listenerType.getSimpleName(), retry.ofMeta(), pkg.getQualifiedName(),
            listenerType.getSimpleName(), retry.metaAnnotation().getSimpleName());
      }
    }
  }

  /** Checks a {@code @Backoff} (nested or direct) and returns its delay. */
  private long validateBackoff(Element element, BackoffConfig config) {
    AnnotationMirror backoff = config.mirror();
    long delay = config.delay();
    long maxDelay = config.maxDelay();
    double multiplier = config.multiplier();
    boolean random = config.random();
    double jitter = config.jitter();
    if (delay < 0) {
      report.error(
          element, backoff, config.explicit("delay"),
          "@Backoff(delay = %d) is invalid: delay must not be negative. Use delay = 0 to retry at"
              + " once",
          delay);
    }
    AnnotationValue maxDelayValue = config.explicit("maxDelay");
    if (maxDelay < 0) {
      report.error(
          element, backoff, maxDelayValue,
          "@Backoff(maxDelay = %d) is invalid: maxDelay must not be negative. Use 0 for no cap"
              + " (30000 ms for an exponential backoff)",
          maxDelay);
    } else if (maxDelay > 0 && maxDelay < delay) {
      report.error(
          element, backoff, maxDelayValue,
          "@Backoff(maxDelay = %d) is below delay = %d: maxDelay caps every wait, so it must be at"
              + " least delay. Raise maxDelay to %d or more, or use 0 for no cap",
          maxDelay, delay, delay);
    }
    AnnotationValue multiplierValue = config.explicit("multiplier");
    boolean exponential = multiplier > 1.0;
    if (!(multiplier == 0.0 || multiplier >= 1.0) || Double.isInfinite(multiplier)) {
      report.error(
          element, backoff, multiplierValue,
          "@Backoff(multiplier = %s) is invalid: use a multiplier greater than 1 for an"
              + " exponential backoff, or 0 (the default) for a fixed one",
          Messages.number(multiplier));
    } else if (exponential && maxDelay == 0 && delay > BackoffConfig.EXPONENTIAL_CAP) {
      report.error(
          element, backoff, config.explicit("delay"),
          "@Backoff(delay = %d) is above the 30000 ms cap of an exponential backoff without"
              + " maxDelay, so every wait would be cut to 30000 ms. Set maxDelay to %d or more",
          delay, delay);
    }
    if (!(jitter >= 0.0 && jitter <= 1.0)) {
      report.error(
          element, backoff, config.explicit("jitter"),
          "@Backoff(jitter = %s) is invalid: jitter must be in [0, 1]; 0.1 lets each wait vary by"
              + " up to 10%% either way",
          Messages.number(jitter));
    }
    // 0 < maxDelay < delay was reported above; only an empty range is left to report.
    if (random && !exponential && (maxDelay == 0 || maxDelay == delay)) {
      report.error(
          element, backoff, config.explicit("random"),
          "@Backoff(random = true) has no range to choose from: a fixed random backoff waits a"
              + " uniform time in [delay, maxDelay], so it needs maxDelay > delay. Set maxDelay,"
              + " or a multiplier > 1 to choose in [d, d * multiplier]");
    }
    return delay;
  }

  /** Whether code in {@code pkg} can write {@code new T()} for the listener {@code type}. */
  private static boolean isCreatable(TypeElement type, PackageElement pkg) {
    if (type.getKind() != ElementKind.CLASS
        || type.getModifiers().contains(Modifier.ABSTRACT)
        || !Visibility.isAccessibleFrom(type, pkg)
        || (type.getNestingKind() == NestingKind.MEMBER
            && !type.getModifiers().contains(Modifier.STATIC))) {
      return false;
    }
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (constructor.getParameters().isEmpty()
          && constructor.getModifiers().contains(Modifier.PUBLIC)) {
        return true;
      }
    }
    return false;
  }
}
