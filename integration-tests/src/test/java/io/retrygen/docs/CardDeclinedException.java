package io.retrygen.docs;

import java.io.IOException;

/** The card was declined: asking again gives the same answer, so it is never retried. */
public class CardDeclinedException extends IOException {
  private static final long serialVersionUID = 1L;

  public CardDeclinedException(String message) {
    super(message);
  }
}
