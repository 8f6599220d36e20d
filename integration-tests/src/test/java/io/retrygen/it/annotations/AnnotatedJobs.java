package io.retrygen.it.annotations;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

/** An interface whose methods and parameters carry annotations that frameworks read. */
public interface AnnotatedJobs {
  @Retryable(backoff = @Backoff(delay = 0))
  @Audited(
      value = "run",
      level = 3,
      tags = {"a", "b \uD800"}, // a lone surrogate: written escaped, read back the same
      type = String.class,
      mode = Audited.Mode.FAST,
      nested = @Tag("inner"),
      ratio = Double.POSITIVE_INFINITY,
      separator = '\'',
      limit = Long.MAX_VALUE)
  @CompileOnly
  String run(@Audited("job") String job, @CompileOnly int times);

  /** Forwarded by the delegate, not guarded: it keeps its annotations too. */
  @Audited("status")
  String status();
}
