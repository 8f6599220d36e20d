package io.retrygen.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.openrewrite.java.Assertions.java;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openrewrite.Recipe;
import org.openrewrite.config.Environment;
import org.openrewrite.test.RecipeSpec;
import org.openrewrite.test.RewriteTest;
import org.openrewrite.test.TypeValidation;

class MigrateToRetrygenTest implements RewriteTest {

  @Override
  public void defaults(RecipeSpec spec) {
    spec.recipeFromResources("io.retrygen.rewrite.MigrateToRetrygen")
        .parser(TestClasspath.parser())
        .afterTypeValidationOptions(TypeValidation.none());
  }

  @Test
  void everyRecipeIsFoundDescribedAndValid() {
    Environment env = Environment.builder().scanRuntimeClasspath("io.retrygen.rewrite").build();
    Recipe composite = env.activateRecipes("io.retrygen.rewrite.MigrateToRetrygen");
    assertThat(composite.getName()).isEqualTo("io.retrygen.rewrite.MigrateToRetrygen");
    List<String> parts = new ArrayList<>();
    for (Recipe recipe : composite.getRecipeList()) {
      parts.add(recipe.getName());
    }
    assertThat(parts).containsExactly("io.retrygen.rewrite.SpringRetryAnnotations",
        "io.retrygen.rewrite.SpringFrameworkRetryable", "io.retrygen.rewrite.SpringRetryTemplate");
    for (String name : List.of("io.retrygen.rewrite.MigrateToRetrygen",
        "io.retrygen.rewrite.SpringRetryAnnotations", "io.retrygen.rewrite.SpringFrameworkRetryable",
        "io.retrygen.rewrite.SpringRetryTemplate",
        "io.retrygen.rewrite.MigrateSpringRetryAnnotationValues",
        "io.retrygen.rewrite.MigrateSpringFrameworkRetryableValues",
        "io.retrygen.rewrite.MigrateSpringRetryTemplateBuilder")) {
      Recipe recipe = env.activateRecipes(name);
      assertThat(recipe.validate().isValid()).as(name).isTrue();
      assertThat(recipe.getName()).isEqualTo(name);
      assertThat(recipe.getDisplayName()).as(name).isNotBlank();
      assertThat(recipe.getDescription()).as(name).endsWith(".");
    }
  }

  @Test
  void annotationsAndTemplateInOneFile() {
    rewriteRun(java(
        """
        import java.io.IOException;
        import org.springframework.retry.annotation.Backoff;
        import org.springframework.retry.annotation.EnableRetry;
        import org.springframework.retry.annotation.Retryable;
        import org.springframework.retry.support.RetryTemplate;

        @EnableRetry
        class Service {
          private final RetryTemplate template = RetryTemplate.builder().maxAttempts(3).fixedBackoff(50).build();

          @Retryable(value = IOException.class, backoff = @Backoff(100))
          String fetch() throws IOException {
            return template.execute(context -> "x");
          }
        }
        """,
        """
        import java.io.IOException;

        import io.retrygen.Backoff;
        import io.retrygen.Retryable;
        import io.retrygen.runtime.BackoffPolicy;
        import io.retrygen.runtime.RetryTemplate;
        import io.retrygen.spring.EnableRetrygen;

        @EnableRetrygen
        class Service {
          private final RetryTemplate template = RetryTemplate.builder().maxAttempts(3).backoff(BackoffPolicy.fixed(50)).build();

          @Retryable(retryFor = IOException.class, backoff = @Backoff(delay = 100))
          String fetch() throws IOException {
            return template.execute(context -> "x");
          }
        }
        """));
  }
}
