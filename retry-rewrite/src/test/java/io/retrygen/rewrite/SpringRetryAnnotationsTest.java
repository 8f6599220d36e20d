package io.retrygen.rewrite;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

class SpringRetryAnnotationsTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    spec.recipeFromResources("io.retrygen.rewrite.SpringRetryAnnotations")
        .parser(TestClasspath.parser());
  }

  @Test
  void retryableWithoutAttributesChangesOnlyItsType() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        class Client {
          @Retryable
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void unnamedValueWithOneClassBecomesRetryFor() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(IOException.class)
          String fetch() throws IOException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        import java.io.IOException;

        class Client {
          @Retryable(retryFor = IOException.class)
          String fetch() throws IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void unnamedValueWithAnArrayBecomesRetryFor() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import java.util.concurrent.TimeoutException;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable({IOException.class, TimeoutException.class})
          String fetch() throws IOException, TimeoutException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        import java.io.IOException;
        import java.util.concurrent.TimeoutException;

        class Client {
          @Retryable(retryFor = {IOException.class, TimeoutException.class})
          String fetch() throws IOException, TimeoutException {
            return "x";
          }
        }
        """));
  }

  @Test
  void namedValueIncludeAndExcludeBecomeRetryForAndNoRetryFor() {
    rewriteRun(
        java(
            """
            import java.io.FileNotFoundException;
            import java.io.IOException;
            import org.springframework.retry.annotation.Retryable;

            class Client {
              @Retryable(value = IOException.class, exclude = FileNotFoundException.class, maxAttempts = 5)
              String fetch() throws IOException {
                return "x";
              }

              @Retryable(include = IOException.class, noRetryFor = FileNotFoundException.class,
                  notRecoverable = IllegalStateException.class, label = "client.store", stateful = true)
              String store() throws IOException {
                return "x";
              }
            }
            """,
            """
            import io.retrygen.Retryable;

            import java.io.FileNotFoundException;
            import java.io.IOException;

            class Client {
              @Retryable(retryFor = IOException.class, noRetryFor = FileNotFoundException.class, maxAttempts = 5)
              String fetch() throws IOException {
                return "x";
              }

              @Retryable(retryFor = IOException.class, noRetryFor = FileNotFoundException.class,
                  notRecoverable = IllegalStateException.class, label = "client.store", stateful = true)
              String store() throws IOException {
                return "x";
              }
            }
            """));
  }

  @Test
  void staticConstantsInAttributesAreKept() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          static final int MAX = 4;
          static final long DELAY = 250;

          @Retryable(maxAttempts = MAX, backoff = @Backoff(delay = DELAY, multiplier = 2))
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          static final int MAX = 4;
          static final long DELAY = 250;

          @Retryable(maxAttempts = MAX, backoff = @Backoff(delay = DELAY, multiplier = 2))
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void backoffWithPositionalValueBecomesDelay() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(maxAttempts = 4, backoff = @Backoff(2000))
          String fetch() {
            return "x";
          }

          @Retryable(backoff = @Backoff(value = 100, multiplier = 1.5, maxDelay = 1000, random = true))
          String store() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 2000))
          String fetch() {
            return "x";
          }

          @Retryable(backoff = @Backoff(delay = 100, multiplier = 1.5, maxDelay = 1000, random = true))
          String store() {
            return "x";
          }
        }
        """));
  }

  @Test
  void backoffWithMaxDelayAloneKeepsSpringsUniformRandomWait() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(backoff = @Backoff(delay = 100, maxDelay = 500))
          String fetch() {
            return "x";
          }

          @Retryable(backoff = @Backoff(delay = 500, maxDelay = 100))
          String store() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(backoff = @Backoff(delay = 100, maxDelay = 500, random = true))
          String fetch() {
            return "x";
          }

          @Retryable(backoff = @Backoff(delay = 500))
          String store() {
            return "x";
          }
        }
        """));
  }

  @Test
  void expressionsBecomeTodosNamingTheOverrideKey() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(maxAttemptsExpression = "${client.retry.max:5}",
              backoff = @Backoff(delayExpression = "${client.retry.delay}", multiplier = 2))
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          // TODO retrygen: maxAttemptsExpression = "${client.retry.max:5}" was removed: set the property
          //   retrygen.retry.Client.fetch.maxAttempts instead (with retry-spring,
          //   retrygen.retry.Client.fetch.maxAttempts=${client.retry.max:5} in application.properties keeps
          //   reading client.retry.max); without Spring, give it to PolicyOverrides.
          // TODO retrygen: @Backoff(delayExpression = "${client.retry.delay}") was removed: set the
          //   property retrygen.retry.Client.fetch.delay instead (with retry-spring,
          //   retrygen.retry.Client.fetch.delay=${client.retry.delay} in application.properties keeps
          //   reading client.retry.delay); without Spring, give it to PolicyOverrides.
          @Retryable(backoff = @Backoff(multiplier = 2), maxAttempts = 5)
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void exceptionExpressionListenersAndInterceptorBecomeTodos() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(retryFor = IOException.class, exceptionExpression = "message.contains('503')",
              listeners = {"auditListener"})
          String fetch() throws IOException {
            return "x";
          }

          @Retryable(interceptor = "clientInterceptor")
          String store() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        import java.io.IOException;

        class Client {
          // TODO retrygen: exceptionExpression = "message.contains('503')" was removed: write a method
          //   `boolean name(Exception failure)` in this type that makes the same decision and name it in
          //   retryIf = "name".
          // TODO retrygen: listeners = {"auditListener"} was removed: make the bean auditListener an
          //   io.retrygen.RetryListener (retry-spring gives every RetryListener bean every event; test
          //   event.label() for "Client.fetch"), or name a listener class in listeners = X.class.
          @Retryable(retryFor = IOException.class)
          String fetch() throws IOException {
            return "x";
          }

          // TODO retrygen: interceptor = "clientInterceptor" was removed: retrygen has no interceptor
          //   bean; the retry is in the generated class, configured by these attributes.
          @Retryable
          String store() {
            return "x";
          }
        }
        """));
  }

  @Test
  void typeLevelAnnotationWithRecoverMethods() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.Recover;
        import org.springframework.retry.annotation.Retryable;

        @Retryable(value = IOException.class, maxAttempts = 4, recover = "fallback")
        class Client {
          String fetch(String id) throws IOException {
            return id;
          }

          @Recover
          String fallback(IOException failure, String id) {
            return "cached " + id;
          }
        }
        """,
        """
        import java.io.IOException;

        import io.retrygen.Recover;
        import io.retrygen.Retryable;

        @Retryable(retryFor = IOException.class, maxAttempts = 4, recover = "fallback")
        class Client {
          String fetch(String id) throws IOException {
            return id;
          }

          @Recover
          String fallback(IOException failure, String id) {
            return "cached " + id;
          }
        }
        """));
  }

  @Test
  void wildcardImportIsReplaced() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.*;

        class Client {
          @Retryable(value = IOException.class, backoff = @Backoff(500))
          String fetch() throws IOException {
            return "x";
          }

          @Recover
          String fallback(IOException failure) {
            return "y";
          }
        }
        """,
        """
        import java.io.IOException;

        import io.retrygen.Backoff;
        import io.retrygen.Recover;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 500))
          String fetch() throws IOException {
            return "x";
          }

          @Recover
          String fallback(IOException failure) {
            return "y";
          }
        }
        """));
  }

  @Test
  void fullyQualifiedAnnotationsAreRewritten() {
    rewriteRun(java(
        """
        class Client {
          @org.springframework.retry.annotation.Retryable(value = java.io.IOException.class,
              backoff = @org.springframework.retry.annotation.Backoff(300))
          String fetch() throws java.io.IOException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(retryFor = java.io.IOException.class,
              backoff = @Backoff(delay = 300))
          String fetch() throws java.io.IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void circuitBreakerBecomesCountBasedBreaker() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.CircuitBreaker;
        import org.springframework.retry.annotation.Recover;

        class Client {
          @CircuitBreaker(retryFor = IOException.class, maxAttempts = 5, openTimeout = 10000,
              resetTimeout = 30000)
          String fetch() throws IOException {
            return "x";
          }

          @CircuitBreaker
          String store() {
            return "x";
          }

          @Recover
          String fallback(Exception failure) {
            return "y";
          }
        }
        """,
        """
        import java.io.IOException;

        import io.retrygen.CircuitBreaker;
        import io.retrygen.Recover;

        class Client {
          // TODO retrygen: @CircuitBreaker(openTimeout = 10000) was removed: retrygen's breaker opens
          //   when the last requestVolumeThreshold calls all failed, whenever they happened (no time
          //   window).
          @CircuitBreaker(failOn = IOException.class, requestVolumeThreshold = 5,
              delay = 30000, failureRatio = 1.0)
          String fetch() throws IOException {
            return "x";
          }

          @CircuitBreaker(requestVolumeThreshold = 3, failureRatio = 1.0, delay = 20000)
          String store() {
            return "x";
          }

          @Recover
          String fallback(Exception failure) {
            return "y";
          }
        }
        """));
  }

  @Test
  void enableRetryBecomesEnableRetrygen() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.EnableRetry;

        @EnableRetry
        class AppConfig {
        }
        """,
        """
        import io.retrygen.spring.EnableRetrygen;

        @EnableRetrygen
        class AppConfig {
        }
        """),
        java(
        """
        import org.springframework.retry.annotation.EnableRetry;

        @EnableRetry(proxyTargetClass = true)
        class OtherConfig {
        }
        """,
        """
        import io.retrygen.spring.EnableRetrygen;

        // TODO retrygen: @EnableRetry(proxyTargetClass = true) was removed: @EnableRetrygen creates no
        //   proxy (a class bean is created as its generated subclass), and its retry is always outside the
        //   other proxies.
        @EnableRetrygen
        class OtherConfig {
        }
        """));
  }

  @Test
  void migratedCodeIsLeftAlone() {
    rewriteRun(java(
        """
        import io.retrygen.Backoff;
        import io.retrygen.Recover;
        import io.retrygen.Retryable;
        import java.io.IOException;

        class Client {
          @Retryable(retryFor = IOException.class, maxAttempts = 4, backoff = @Backoff(delay = 100, maxDelay = 500, random = true))
          String fetch() throws IOException {
            return "x";
          }

          @Recover
          String fallback(IOException failure) {
            return "y";
          }
        }
        """));
  }

  @Test
  void everyBackoffExpressionNamesItsKey() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.Retryable;

        class Client {
          @Retryable(label = "orders", backoff = @Backoff(delay = 100, maxDelayExpression = "${orders.max-delay:4000}",
              multiplierExpression = "${orders.multiplier:1.5}", randomExpression = "${orders.random}"))
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          // TODO retrygen: @Backoff(maxDelayExpression = "${orders.max-delay:4000}") was removed: set the
          //   property retrygen.retry.orders.maxDelay instead (with retry-spring,
          //   retrygen.retry.orders.maxDelay=${orders.max-delay:4000} in application.properties keeps
          //   reading orders.max-delay); without Spring, give it to PolicyOverrides.
          // TODO retrygen: @Backoff(multiplierExpression = "${orders.multiplier:1.5}") was removed: set
          //   the property retrygen.retry.orders.multiplier instead (with retry-spring,
          //   retrygen.retry.orders.multiplier=${orders.multiplier:1.5} in application.properties keeps
          //   reading orders.multiplier); without Spring, give it to PolicyOverrides.
          // TODO retrygen: @Backoff(randomExpression = "${orders.random}") was removed: no property
          //   changes random at run time; write random = true or false.
          @Retryable(label = "orders", backoff = @Backoff(delay = 100, maxDelay = 4000, multiplier = 1.5))
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void circuitBreakerExpressionsLabelAndRecover() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.CircuitBreaker;

        class Client {
          @CircuitBreaker(value = IOException.class, exclude = IllegalArgumentException.class, label = "orders",
              maxAttemptsExpression = "${orders.breaker.max:4}", resetTimeoutExpression = "${orders.breaker.reset}",
              recover = "fallback", throwLastExceptionOnExhausted = true)
          String fetch() throws IOException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.CircuitBreaker;

        import java.io.IOException;

        class Client {
          // TODO retrygen: @CircuitBreaker(maxAttemptsExpression = "${orders.breaker.max:4}") was
          //   removed: set the property retrygen.circuitbreaker.orders.requestVolumeThreshold instead (with
          //   retry-spring, retrygen.circuitbreaker.orders.requestVolumeThreshold=${orders.breaker.max:4}
          //   in application.properties keeps reading orders.breaker.max); without Spring, give it to
          //   PolicyOverrides.
          // TODO retrygen: @CircuitBreaker(resetTimeoutExpression = "${orders.breaker.reset}") was
          //   removed: set the property retrygen.circuitbreaker.orders.delay instead (with retry-spring,
          //   retrygen.circuitbreaker.orders.delay=${orders.breaker.reset} in application.properties keeps
          //   reading orders.breaker.reset); without Spring, give it to PolicyOverrides.
          // TODO retrygen: @CircuitBreaker(recover = "fallback") was removed: the @Recover method is
          //   chosen by its signature; to name it, add @Retryable(maxAttempts = 1, recover = "fallback").
          @CircuitBreaker(failOn = IOException.class, skipOn = IllegalArgumentException.class, name = "orders", requestVolumeThreshold = 4, failureRatio = 1.0, delay = 20000)
          String fetch() throws IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void typeLevelExpressionNamesOneKeyPerMethod() {
    rewriteRun(java(
        """
        import org.springframework.retry.annotation.Retryable;

        @Retryable(maxAttemptsExpression = "#{${orders.retries} + 1}")
        class Client {
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        // TODO retrygen: maxAttemptsExpression = "#{${orders.retries} + 1}" was removed: set the property
        //   retrygen.retry.Client.<method>.maxAttempts instead, one for each method; without Spring, give
        //   it to PolicyOverrides.
        @Retryable
        class Client {
          String fetch() {
            return "x";
          }
        }
        """));
  }
}
