package io.retrygen.processor.check;

import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.TimeoutConfig;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The rule for the value of one {@code @Timeout}, reported on the value, and the warning about a
 * limit that the retry's {@code maxDuration} makes pointless.
 */
final class TimeoutValidator {
  private final Report report;

  TimeoutValidator(Report report) {
    this.report = report;
  }

  /** Checks {@code timeout}, wherever the annotation is declared. */
  void validate(TimeoutConfig timeout) {
    if (timeout.millis() <= 0) {
      report.error(
          timeout.declaredOn(), timeout.mirror(), timeout.explicit("value"),
          "@Timeout(%d) is invalid: the value is how many milliseconds each attempt may take, and"
              + " must be greater than 0. Write the limit in ms, e.g. @Timeout(500), or remove"
              + " @Timeout for no limit",
          timeout.millis());
    }
  }

  /**
   * Warns, on the {@code @Timeout} value, about a limit not below the {@code maxDuration} of the
   * {@code @Retryable} it meets on a guarded method: an attempt that takes that long leaves no time
   * to retry, so the timeout can only end the call. Once per pair of annotations; one declared in
   * a supertype that is an input of this round is reported by that supertype, as {@link
   * ModelWarnings} does for unreachable attempts.
   */
  void warnNotBelowMaxDuration(RetryableType model, List<TypeElement> inputs) {
    TypeElement type = model.element();
    Set<List<Element>> warned = new HashSet<>();
    for (GuardedMethod method : model.methods()) {
      TimeoutConfig timeout = method.timeout();
      RetryConfig retry = method.retry();
      if (timeout == null
          || retry == null
          || retry.maxDuration() <= 0
          || timeout.millis() < retry.maxDuration()) {
        continue;
      }
      TypeElement declaring = Declarations.declaringType(timeout.annotatedElement());
      if (!declaring.equals(type) && inputs.contains(declaring)) {
        continue;
      }
      if (!warned.add(Arrays.asList(timeout.annotatedElement(), retry.annotatedElement()))) {
        continue;
      }
      report.warning(
          timeout.annotatedElement(), timeout.useMirror(), timeout.useValue("value"),
          "@Timeout(%d)%s is not below the maxDuration = %d ms of the @Retryable of %s, so an"
              + " attempt that runs out of time leaves no time for a retry. Lower the @Timeout"
              + " value below %d ms, or raise maxDuration",
          timeout.millis(), timeout.ofMeta(), retry.maxDuration(), method.method().getSimpleName(),
          retry.maxDuration());
    }
  }
}
