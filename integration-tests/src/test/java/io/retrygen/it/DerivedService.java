package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import java.io.IOException;

/** Overrides without annotations inherit the overridden methods' ones, over this type-level. */
@Retryable(maxAttempts = 3, backoff = @Backoff(delay = 19))
class DerivedService extends BaseService implements Fetcher {

  DerivedService(Script script) {
    super(script);
  }

  @Override
  public String fetch() throws IOException {
    script.call(IOException.class);
    return "derived fetch";
  }

  @Override
  public String load() throws IOException {
    script.call(IOException.class);
    return "derived load";
  }

  public String other() throws IOException {
    script.call(IOException.class);
    return "derived other";
  }
}
