package io.retrygen.runtime;

import io.retrygen.runtime.internal.StatefulRetrier;

/** Lets tests of the internal package look at a template's stateful retrier and its keys. */
public final class TemplateStates {
  private TemplateStates() {}

  /** The retrier of {@code template}'s calls with a {@link RetryState}. */
  public static StatefulRetrier of(RetryTemplate template) {
    return template.stateful();
  }
}
