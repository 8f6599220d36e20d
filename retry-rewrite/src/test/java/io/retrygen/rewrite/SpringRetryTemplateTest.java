package io.retrygen.rewrite;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

class SpringRetryTemplateTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    // The calls written are not attributed (retrygen may not be on the class path yet); the
    // examples of the migration page compile the result.
    spec.recipeFromResources("io.retrygen.rewrite.SpringRetryTemplate")
        .parser(TestClasspath.parser())
        .afterTypeValidationOptions(TypeValidation.none());
  }

  @Test
  void fixedBackoffChain() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .maxAttempts(5)
              .fixedBackoff(200)
              .retryOn(IOException.class)
              .notRetryOn(java.io.FileNotFoundException.class)
              .build();

          String fetch() throws IOException {
            return template.execute(context -> load());
          }

          String fetchOrDefault() {
            return template.execute(context -> load(), context -> "default");
          }

          String load() throws IOException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;

        import java.io.IOException;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .maxAttempts(5)
              .backoff(BackoffPolicy.fixed(200))
              .retryOn(IOException.class)
              .notRetryOn(java.io.FileNotFoundException.class)
              .build();

          String fetch() throws IOException {
            return template.execute(context -> load());
          }

          String fetchOrDefault() {
            return template.execute(context -> load(), context -> "default");
          }

          String load() throws IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void exponentialUniformAndNoBackoff() {
    rewriteRun(java(
        """
        import java.time.Duration;
        import org.springframework.retry.support.RetryTemplate;

        class Templates {
          RetryTemplate exponential() {
            return RetryTemplate.builder().maxAttempts(4).exponentialBackoff(100, 2.0, 5000).build();
          }

          RetryTemplate exponentialRandom() {
            return RetryTemplate.builder().exponentialBackoff(100, 2.0, 5000, true).build();
          }

          RetryTemplate uniform() {
            return RetryTemplate.builder().uniformRandomBackoff(100, 500).build();
          }

          RetryTemplate none() {
            return RetryTemplate.builder().noBackoff().build();
          }

          RetryTemplate duration() {
            return RetryTemplate.builder().fixedBackoff(Duration.ofMillis(250)).build();
          }
        }
        """,
        """
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;

        import java.time.Duration;

        class Templates {
          RetryTemplate exponential() {
            return RetryTemplate.builder().maxAttempts(4).backoff(BackoffPolicy.exponential(100, 2.0, 5000)).build();
          }

          RetryTemplate exponentialRandom() {
            return RetryTemplate.builder().backoff(BackoffPolicy.exponential(100, 2.0, 5000).withRandom()).build();
          }

          RetryTemplate uniform() {
            return RetryTemplate.builder().backoff(BackoffPolicy.uniform(100, 500)).build();
          }

          RetryTemplate none() {
            return RetryTemplate.builder().backoff(BackoffPolicy.fixed(0)).build();
          }

          RetryTemplate duration() {
            return RetryTemplate.builder().backoff(BackoffPolicy.fixed(Duration.ofMillis(250).toMillis())).build();
          }
        }
        """));
  }

  @Test
  void withoutBackoffSpringDoesNotWait() {
    rewriteRun(java(
        """
        import org.springframework.retry.support.RetryTemplate;

        class Templates {
          RetryTemplate template() {
            return RetryTemplate.builder().maxAttempts(2).build();
          }
        }
        """,
        """
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;

        class Templates {
          RetryTemplate template() {
            return RetryTemplate.builder().maxAttempts(2).backoff(BackoffPolicy.fixed(0)).build();
          }
        }
        """));
  }

  @Test
  void timeoutInfiniteAndLists() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import java.util.List;
        import java.util.concurrent.TimeoutException;
        import org.springframework.retry.support.RetryTemplate;

        class Templates {
          RetryTemplate timeout() {
            return RetryTemplate.builder().withTimeout(3000).fixedBackoff(100).build();
          }

          RetryTemplate within() {
            return RetryTemplate.builder().withinMillis(3000).fixedBackoff(100).build();
          }

          RetryTemplate infinite() {
            return RetryTemplate.builder().infiniteRetry().fixedBackoff(100).build();
          }

          RetryTemplate list() {
            return RetryTemplate.builder().retryOn(List.of(IOException.class, TimeoutException.class))
                .fixedBackoff(100).build();
          }

          RetryTemplate predicate() {
            return RetryTemplate.builder().retryOn(failure -> failure instanceof IOException)
                .fixedBackoff(100).build();
          }
        }
        """,
        """
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;

        import java.io.IOException;
        import java.util.List;
        import java.util.concurrent.TimeoutException;

        class Templates {
          RetryTemplate timeout() {
            return RetryTemplate.builder().maxDuration(3000).maxAttempts(Integer.MAX_VALUE).backoff(BackoffPolicy.fixed(100)).build();
          }

          RetryTemplate within() {
            return RetryTemplate.builder().maxDuration(3000).maxAttempts(Integer.MAX_VALUE).backoff(BackoffPolicy.fixed(100)).build();
          }

          RetryTemplate infinite() {
            return RetryTemplate.builder().maxAttempts(Integer.MAX_VALUE).backoff(BackoffPolicy.fixed(100)).build();
          }

          RetryTemplate list() {
            return RetryTemplate.builder().retryOn(IOException.class).retryOn(TimeoutException.class)
                .backoff(BackoffPolicy.fixed(100)).build();
          }

          RetryTemplate predicate() {
            return RetryTemplate.builder().retryIf(failure -> failure instanceof IOException)
                .backoff(BackoffPolicy.fixed(100)).build();
          }
        }
        """));
  }

  @Test
  void callWithoutCounterpartLeavesTheFileWithATodo() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .maxAttempts(3)
              .retryOn(IOException.class)
              .traversingCauses()
              .build();

          RetryTemplate other() {
            return RetryTemplate.builder().maxAttempts(2).build();
          }
        }
        """,
        """
        import java.io.IOException;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          // TODO retrygen: this Spring Retry RetryTemplate was left as it is: .traversingCauses() has no
          //   counterpart: retrygen's template classifies the failure itself; test its causes in
          //   .retryIf(failure -> ...).
          private final RetryTemplate template = RetryTemplate.builder()
              .maxAttempts(3)
              .retryOn(IOException.class)
              .traversingCauses()
              .build();

          RetryTemplate other() {
            // TODO retrygen: this Spring Retry RetryTemplate was left as it is: the rest of this file
            //   does not map (.traversingCauses() has no counterpart: retrygen's template classifies the
            //   failure itself; test its causes in .retryIf(failure -> ...)).
            return RetryTemplate.builder().maxAttempts(2).build();
          }
        }
        """));
  }

  @Test
  void otherSpringRetryApiLeavesTheFileWithATodo() {
    rewriteRun(java(
        """
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder().maxAttempts(3).build();

          int fetch() {
            return template.execute(context -> context.getRetryCount());
          }
        }
        """,
        """
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          // TODO retrygen: this Spring Retry RetryTemplate was left as it is: the rest of this file does
          //   not map (this file also calls RetryContext.getRetryCount(...), which has no one-for-one
          //   counterpart; see the migration page).
          private final RetryTemplate template = RetryTemplate.builder().maxAttempts(3).build();

          int fetch() {
            return template.execute(context -> context.getRetryCount());
          }
        }
        """));
  }

  @Test
  void retrygenTemplateIsLeftAlone() {
    rewriteRun(java(
        """
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .maxAttempts(3)
              .backoff(BackoffPolicy.fixed(100))
              .build();
        }
        """));
  }

  @Test
  void durationsCallbacksAndContextType() {
    rewriteRun(java(
        """
        import java.time.Duration;
        import org.springframework.retry.RecoveryCallback;
        import org.springframework.retry.RetryCallback;
        import org.springframework.retry.RetryContext;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .withTimeout(Duration.ofSeconds(5))
              .exponentialBackoff(Duration.ofMillis(100), 2.0, Duration.ofSeconds(1))
              .build();

          String fetch() {
            RetryCallback<String, RuntimeException> callback = (RetryContext context) -> "x";
            RecoveryCallback<String> recovery = context -> "y";
            return template.execute(callback, recovery);
          }
        }
        """,
        """
        import java.time.Duration;

        import io.retrygen.runtime.*;

        class Client {
          private final RetryTemplate template = RetryTemplate.builder()
              .maxDuration(Duration.ofSeconds(5).toMillis())
              .maxAttempts(Integer.MAX_VALUE)
              .backoff(BackoffPolicy.exponential(Duration.ofMillis(100).toMillis(), 2.0, Duration.ofSeconds(1).toMillis()))
              .build();

          String fetch() {
            RetryCallback<String, RuntimeException> callback = (RetryContext context) -> "x";
            RecoveryCallback<String> recovery = context -> "y";
            return template.execute(callback, recovery);
          }
        }
        """));
  }

  @Test
  void listenersCustomPoliciesAndStateLeaveTodos() {
    rewriteRun(java(
        """
        import org.springframework.retry.RetryListener;
        import org.springframework.retry.backoff.ExponentialBackOffPolicy;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          RetryTemplate listened(RetryListener listener) {
            return RetryTemplate.builder().withListener(listener).build();
          }

          RetryTemplate custom() {
            return RetryTemplate.builder().customBackoff(new ExponentialBackOffPolicy()).build();
          }
        }
        """,
        """
        import org.springframework.retry.RetryListener;
        import org.springframework.retry.backoff.ExponentialBackOffPolicy;
        import org.springframework.retry.support.RetryTemplate;

        class Client {
          RetryTemplate listened(RetryListener listener) {
            // TODO retrygen: this Spring Retry RetryTemplate was left as it is: .withListener(listener)
            //   has no counterpart: retrygen's .listener(...) takes an io.retrygen.RetryListener (onRetry,
            //   onSuccess, onFailure); rewrite the listener.
            return RetryTemplate.builder().withListener(listener).build();
          }

          RetryTemplate custom() {
            // TODO retrygen: this Spring Retry RetryTemplate was left as it is: .customBackoff(new
            //   ExponentialBackOffPolicy()) has no counterpart: use one of the BackoffPolicy factories
            //   (fixed, exponential, uniform, with withJitter or withRandom).
            return RetryTemplate.builder().customBackoff(new ExponentialBackOffPolicy()).build();
          }
        }
        """));
  }
}
