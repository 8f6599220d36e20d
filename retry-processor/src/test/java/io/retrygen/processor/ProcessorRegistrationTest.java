package io.retrygen.processor;

import static com.google.common.truth.Truth.assertThat;
import static com.google.common.truth.Truth.assertWithMessage;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import javax.annotation.processing.Processor;
import javax.lang.model.SourceVersion;
import org.junit.jupiter.api.Test;

/**
 * What the built processor declares about itself: the service file javac finds it by, Gradle's
 * incremental processing registration, and the source version.
 */
class ProcessorRegistrationTest {
  /**
   * In this order: javac offers a round's annotations to the processors in the order it finds
   * them and stops once every one is claimed, so the claiming one first would keep RetryProcessor
   * out of a round with only ours.
   */
  @Test
  void serviceFileNamesTheProcessorThenTheOneThatClaimsItsAnnotations() throws IOException {
    assertThat(lines(ownResource("META-INF/services/" + Processor.class.getName())))
        .containsExactly(
            "io.retrygen.processor.RetryProcessor",
            "io.retrygen.processor.RetryProcessor$ClaimsOwnAnnotations")
        .inOrder();
  }

  @Test
  void gradleRegistersBothProcessorsAsIsolating() throws IOException {
    assertThat(lines(ownResource("META-INF/gradle/incremental.annotation.processors")))
        .containsExactly(
            "io.retrygen.processor.RetryProcessor,isolating",
            "io.retrygen.processor.RetryProcessor$ClaimsOwnAnnotations,isolating");
  }

  @Test
  void supportsTheLatestSourceVersion() {
    assertThat(new RetryProcessor().getSupportedSourceVersion())
        .isEqualTo(SourceVersion.latestSupported());
  }

  /**
   * RetryProcessor sees every annotation (a user's meta-annotation from a jar makes an input) and
   * claims none; the other claims ours only. Never @Generated: a processor that claims it hides it
   * from every processor after it.
   */
  @Test
  void seesEveryAnnotationAndClaimsItsOwnOnly() {
    assertThat(new RetryProcessor().getSupportedAnnotationTypes()).containsExactly("*");
    assertThat(new RetryProcessor.ClaimsOwnAnnotations().getSupportedAnnotationTypes())
        .containsExactly(
            "io.retrygen.Retryable",
            "io.retrygen.Backoff",
            "io.retrygen.Recover",
            "io.retrygen.CircuitBreaker",
            "io.retrygen.RetryBudget",
            "io.retrygen.Timeout");
  }

  /**
   * The resource from the processor's own output (target/classes or its jar), not one of the same
   * name in another jar of the test classpath.
   */
  private static URL ownResource(String name) throws IOException {
    String home =
        RetryProcessor.class.getProtectionDomain().getCodeSource().getLocation().toString();
    List<URL> candidates = Collections.list(RetryProcessor.class.getClassLoader().getResources(name));
    for (URL url : candidates) {
      if (url.toString().startsWith(home) || url.toString().startsWith("jar:" + home + "!")) {
        return url;
      }
    }
    throw new AssertionError(name + " not found under " + home + "; found " + candidates);
  }

  /** Non-blank lines, trimmed, without {@code #} comments. */
  private static List<String> lines(URL url) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (InputStream in = url.openStream()) {
      byte[] buffer = new byte[4096];
      for (int n; (n = in.read(buffer)) != -1; ) {
        bytes.write(buffer, 0, n);
      }
    }
    List<String> lines = new ArrayList<>();
    for (String line : new String(bytes.toByteArray(), StandardCharsets.UTF_8).split("\n")) {
      int comment = line.indexOf('#');
      String content = (comment >= 0 ? line.substring(0, comment) : line).trim();
      if (!content.isEmpty()) {
        lines.add(content);
      }
    }
    assertWithMessage("content of " + url).that(lines).isNotEmpty();
    return lines;
  }
}
