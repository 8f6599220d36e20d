package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

@Retryable(maxAttempts = 4, backoff = @Backoff(delay = 29), label = "annotated-iface")
interface AnnotatedIface {}
