package io.retrygen.processor.check;

import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.Messages;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.Report;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Types;

/**
 * The rules for the values of one {@code @CircuitBreaker}, each reported on the
 * value that is wrong, and the rule that breakers of one name share their settings.
 */
public final class BreakerValidator {
  /** The largest window the runtime's packed counters hold (CircuitBreakerPolicy checks it too). */
  static final int MAX_REQUEST_VOLUME_THRESHOLD = 1 << 20;

  private final Types types;
  private final Report report;
  private final SharedSettings names = new SharedSettings();

  BreakerValidator(Types types, Report report) {
    this.types = types;
    this.report = report;
  }

  /** Checks {@code breaker} for the input {@code type}, wherever the annotation is declared. */
  void validate(TypeElement type, BreakerConfig breaker) {
    Element element = breaker.declaredOn();
    if (breaker.requestVolumeThreshold() < 1
        || breaker.requestVolumeThreshold() > MAX_REQUEST_VOLUME_THRESHOLD) {
      report.error(
          element, breaker.mirror(), breaker.explicit("requestVolumeThreshold"),
          "@CircuitBreaker(requestVolumeThreshold = %d) is invalid: it is the size of the window"
              + " of recent calls the failure ratio is computed over, from 1 to %d. The default is"
              + " 20",
          breaker.requestVolumeThreshold(), MAX_REQUEST_VOLUME_THRESHOLD);
    }
    double ratio = breaker.failureRatio();
    if (!(ratio > 0.0 && ratio <= 1.0)) {
      report.error(
          element, breaker.mirror(), breaker.explicit("failureRatio"),
          "@CircuitBreaker(failureRatio = %s) is invalid: it is the share of failures in the"
              + " window that opens the breaker, in (0, 1]; 0.5 opens it when half the calls fail",
          Messages.number(ratio));
    }
    if (breaker.delay() < 0) {
      report.error(
          element, breaker.mirror(), breaker.explicit("delay"),
          "@CircuitBreaker(delay = %d) is invalid: delay is how many milliseconds the breaker"
              + " stays open before trial calls, and must not be negative",
          breaker.delay());
    }
    if (breaker.successThreshold() < 1) {
      report.error(
          element, breaker.mirror(), breaker.explicit("successThreshold"),
          "@CircuitBreaker(successThreshold = %d) is invalid: it counts the trial successes"
              + " that close a half-open breaker, at least 1",
          breaker.successThreshold());
    }
    validateVisibility(type, breaker);
  }

  /**
   * The part of the rules that depends on the generating type: whether its class, in {@code
   * type}'s package, can see the {@code failOn} and {@code skipOn} types it tests for.
   */
  void validateVisibility(TypeElement type, BreakerConfig breaker) {
    PackageElement pkg = GeneratedNames.packageOf(type);
    Validator.checkVisible(types, report, breaker, "failOn", breaker.failOn(), pkg);
    Validator.checkVisible(types, report, breaker, "skipOn", breaker.skipOn(), pkg);
  }

  /**
   * Two breakers of one name with different settings in one compilation are an error:
   * at run time only the first created would count. The settings compared are those the breakers
   * share: window, ratio, delay, trials. {@code failOn} and {@code skipOn} are {@code instanceof}
   * tests in each generated method, so two methods may count different failures into one
   * breaker. Reported on the second one seen.
   */
  void checkName(BreakerConfig breaker) {
    if (breaker.name().isEmpty()) {
      return;
    }
    String[] first = names.conflict(breaker.name(), breaker.settings(), breaker.declaredOn());
    if (first != null) {
      report.error(
          breaker.declaredOn(), breaker.mirror(), breaker.explicit("name"),
          "@CircuitBreaker(name = \"%s\") is also declared on %s with other settings (%s; here"
              + " %s). Breakers of one name share one state, so the first one created would win."
              + " Give them the same settings, or different names",
          breaker.name(), first[1], first[0], breaker.settings());
    }
  }

  /**
   * As {@link #checkName} for the breaker of {@code method} when it has no name: it is named by the
   * method's {@code label}, so it is shared with every breaker of that name (every instance of the
   * generated class, overloads that share the label, a named breaker of that name), and their
   * settings must agree too. Reported on the method.
   */
  void checkLabelName(BreakerConfig breaker, ExecutableElement method, String label) {
    if (!breaker.name().isEmpty()) {
      return;
    }
    String[] first = names.conflict(label, breaker.settings(), breaker.annotatedElement());
    if (first != null) {
      boolean onMethod = breaker.annotatedElement().equals(method);
      report.error(
          method, onMethod ? breaker.useMirror() : null, (AnnotationValue) null,
          "@CircuitBreaker%s on %s has no name, so it is named by the label \"%s\", like the"
              + " breaker declared on %s with other settings (%s; here %s). Breakers of one name"
              + " share one state, so the first one created would win. Give them the same"
              + " settings, or this one a name of its own",
          breaker.ofMeta(), Messages.signature(method), label, first[1], first[0],
          breaker.settings());
    }
  }
}
