package io.retrygen.rewrite;

import static org.openrewrite.java.Assertions.java;

import org.junit.jupiter.api.Test;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;

class SpringFrameworkRetryableTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    spec.recipeFromResources("io.retrygen.rewrite.SpringFrameworkRetryable")
        .parser(TestClasspath.parser());
  }

  @Test
  void defaultsBecomeFourAttempts() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.Retryable;

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
          @Retryable(maxAttempts = 4)
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void maxRetriesPlusOneAndIncludesWithCauses() {
    rewriteRun(java(
        """
        import java.io.FileNotFoundException;
        import java.io.IOException;
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          @Retryable(includes = IOException.class, excludes = FileNotFoundException.class, maxRetries = 2)
          String fetch() throws IOException {
            return "x";
          }

          @Retryable(IOException.class)
          String store() throws IOException {
            return "x";
          }

          @Retryable(value = {IOException.class, IllegalStateException.class}, maxRetries = 0)
          String delete() throws IOException {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        import java.io.FileNotFoundException;
        import java.io.IOException;

        class Client {
          @Retryable(retryFor = IOException.class, noRetryFor = FileNotFoundException.class, maxAttempts = 3, matchCauses = true)
          String fetch() throws IOException {
            return "x";
          }

          @Retryable(retryFor = IOException.class, matchCauses = true, maxAttempts = 4)
          String store() throws IOException {
            return "x";
          }

          @Retryable(retryFor = {IOException.class, IllegalStateException.class}, maxAttempts = 1, matchCauses = true)
          String delete() throws IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void constantMaxRetries() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          static final int RETRIES = 5;
          static final long LONG_RETRIES = 5;

          @Retryable(maxRetries = RETRIES)
          String fetch() {
            return "x";
          }

          @Retryable(maxRetries = LONG_RETRIES)
          String store() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        class Client {
          static final int RETRIES = 5;
          static final long LONG_RETRIES = 5;

          @Retryable(maxAttempts = RETRIES + 1)
          String fetch() {
            return "x";
          }

          @Retryable(maxAttempts = (int) LONG_RETRIES + 1)
          String store() {
            return "x";
          }
        }
        """));
  }

  @Test
  void delaysMoveIntoBackoffAndJitterBecomesAFraction() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          @Retryable(maxRetries = 4, delay = 500, multiplier = 2, maxDelay = 5000, jitter = 100)
          String fetch() {
            return "x";
          }

          @Retryable(jitter = 250, timeout = 10000)
          String store() {
            return "x";
          }

          @Retryable(maxRetries = 6, delay = 1000, multiplier = 3)
          String sync() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(maxAttempts = 5, backoff = @Backoff(delay = 500, multiplier = 2, maxDelay = 5000, jitter = 0.2))
          String fetch() {
            return "x";
          }

          @Retryable(maxDuration = 10000, maxAttempts = 4, backoff = @Backoff(jitter = 0.25))
          String store() {
            return "x";
          }

          @Retryable(maxAttempts = 7, backoff = @Backoff(delay = 1000, multiplier = 3, maxDelay = 243000))
          String sync() {
            return "x";
          }
        }
        """));
  }

  @Test
  void timeUnitIsAppliedToTheNumbers() {
    rewriteRun(java(
        """
        import java.util.concurrent.TimeUnit;
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          @Retryable(delay = 2, maxDelay = 10, multiplier = 2, timeout = 30, timeUnit = TimeUnit.SECONDS)
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import java.util.concurrent.TimeUnit;

        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(maxDuration = 30000, maxAttempts = 4, backoff = @Backoff(delay = 2000, multiplier = 2, maxDelay = 10000))
          String fetch() {
            return "x";
          }
        }
        """));
  }

  @Test
  void stringsAndPredicateBecomeTodos() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          @Retryable(maxRetriesString = "${client.retries:2}", delayString = "${client.delay}",
              jitterString = "50", predicate = NotFound.class)
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        class Client {
          // TODO retrygen: predicate = NotFound.class was removed: move its test into a method `boolean
          //   name(Exception failure)` of this type and name it in retryIf = "name".
          // TODO retrygen: maxRetriesString = "${client.retries:2}" was removed: set the property
          //   retrygen.retry.Client.fetch.maxAttempts (maxRetries + 1) instead (with retry-spring,
          //   retrygen.retry.Client.fetch.maxAttempts=${client.retries:2} in application.properties keeps
          //   reading client.retries); without Spring, give it to PolicyOverrides.
          // TODO retrygen: delayString = "${client.delay}" was removed: set the property
          //   retrygen.retry.Client.fetch.delay (in ms) instead (with retry-spring,
          //   retrygen.retry.Client.fetch.delay=${client.delay} in application.properties keeps reading
          //   client.delay); without Spring, give it to PolicyOverrides.
          // TODO retrygen: jitterString = "50" was removed: set the property
          //   retrygen.retry.Client.fetch.jitter (a fraction of the delay in [0, 1], not ms) instead;
          //   without Spring, give it to PolicyOverrides.
          @Retryable(maxAttempts = 4)
          String fetch() {
            return "x";
          }
        }
        """), java(
        """
        import java.lang.reflect.Method;
        import org.springframework.resilience.retry.MethodRetryPredicate;

        class NotFound implements MethodRetryPredicate {
          @Override
          public boolean shouldRetry(Method method, Throwable throwable) {
            return !(throwable instanceof IllegalArgumentException);
          }
        }
        """));
  }

  @Test
  void onATypeAndEnableResilientMethods() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.resilience.annotation.Retryable;

        @Retryable(includes = IOException.class, maxRetries = 2, delay = 200)
        class Client {
          String fetch() throws IOException {
            return "x";
          }
        }
        """,
        """
        import java.io.IOException;

        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        @Retryable(retryFor = IOException.class, maxAttempts = 3, matchCauses = true, backoff = @Backoff(delay = 200))
        class Client {
          String fetch() throws IOException {
            return "x";
          }
        }
        """), java(
        """
        import org.springframework.resilience.annotation.EnableResilientMethods;

        @EnableResilientMethods
        class AppConfig {
        }
        """,
        """
        import io.retrygen.spring.EnableRetrygen;

        @EnableRetrygen
        class AppConfig {
        }
        """), java(
        """
        import org.springframework.resilience.annotation.EnableResilientMethods;

        @EnableResilientMethods(proxyTargetClass = true, order = 1)
        class OtherConfig {
        }
        """,
        """
        import io.retrygen.spring.EnableRetrygen;

        // TODO retrygen: @EnableResilientMethods(proxyTargetClass = true, order = 1) was removed:
        //   @EnableRetrygen creates no proxy (a class bean is created as its generated subclass), and its
        //   retry is always outside the other proxies.
        @EnableRetrygen
        class OtherConfig {
        }
        """));
  }

  @Test
  void wildcardAndFullyQualified() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.*;

        class Client {
          @Retryable(maxRetries = 1)
          String fetch() {
            return "x";
          }

          @org.springframework.resilience.annotation.Retryable(delay = 10)
          String store() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;

        class Client {
          @Retryable(maxAttempts = 2)
          String fetch() {
            return "x";
          }

          @Retryable(maxAttempts = 4, backoff = @Backoff(delay = 10))
          String store() {
            return "x";
          }
        }
        """));
  }

  @Test
  void migratedCodeIsLeftAlone() {
    rewriteRun(java(
        """
        import io.retrygen.Backoff;
        import io.retrygen.Retryable;
        import java.io.IOException;

        class Client {
          @Retryable(retryFor = IOException.class, matchCauses = true, maxAttempts = 4, backoff = @Backoff(delay = 500))
          String fetch() throws IOException {
            return "x";
          }
        }
        """));
  }

  @Test
  void everyStringAttributeNamesItsKey() {
    rewriteRun(java(
        """
        import org.springframework.resilience.annotation.Retryable;

        class Client {
          @Retryable(maxRetries = 2, timeoutString = "${client.timeout}", multiplierString = "2",
              maxDelayString = "${client.max-delay:5000}")
          String fetch() {
            return "x";
          }
        }
        """,
        """
        import io.retrygen.Retryable;

        class Client {
          // TODO retrygen: timeoutString = "${client.timeout}" was removed: set the property
          //   retrygen.retry.Client.fetch.maxDuration (in ms) instead (with retry-spring,
          //   retrygen.retry.Client.fetch.maxDuration=${client.timeout} in application.properties keeps
          //   reading client.timeout); without Spring, give it to PolicyOverrides.
          // TODO retrygen: multiplierString = "2" was removed: set the property
          //   retrygen.retry.Client.fetch.multiplier instead; without Spring, give it to PolicyOverrides.
          // TODO retrygen: maxDelayString = "${client.max-delay:5000}" was removed: set the property
          //   retrygen.retry.Client.fetch.maxDelay (in ms) instead (with retry-spring,
          //   retrygen.retry.Client.fetch.maxDelay=${client.max-delay:5000} in application.properties keeps
          //   reading client.max-delay); without Spring, give it to PolicyOverrides.
          @Retryable(maxAttempts = 3)
          String fetch() {
            return "x";
          }
        }
        """));
  }
}
