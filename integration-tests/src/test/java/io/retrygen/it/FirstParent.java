package io.retrygen.it;

import io.retrygen.Backoff;
import io.retrygen.Retryable;

@Retryable(maxAttempts = 2, backoff = @Backoff(delay = 1), label = "first")
interface FirstParent {}
