package io.retrygen.processor.write;

import static com.google.common.truth.Truth.assertThat;

import org.junit.jupiter.api.Test;

/** The text helpers of the policy Javadoc: wrapping, and names and numbers made safe inside it. */
class PolicyTextTest {
  @Test
  void javadocIsWrappedOutsideInlineTagsOnly() {
    String text = "Retries {@code java.io.UncheckedIOException} and more words here";
    assertThat(PolicyText.wrap(text, 20))
        .isEqualTo("Retries\n{@code java.io.UncheckedIOException}\nand more words here\n");
    assertThat(PolicyText.wrap("short", 95)).isEqualTo("short\n");
  }

  @Test
  void freelyChosenNamesCannotEndTheComment() {
    assertThat(PolicyText.name("inventory")).isEqualTo("{@code \"inventory\"}");
    assertThat(PolicyText.name("Outer.Client")).isEqualTo("{@code \"Outer.Client\"}");
    assertThat(PolicyText.name("a*/b")).isEqualTo("\"a&#42;&#47;b\"");
    assertThat(PolicyText.name("{@x}")).isEqualTo("\"&#123;&#64;x&#125;\"");
    assertThat(PolicyText.name("back\\u002a/")).isEqualTo("\"back&#92;u002a&#47;\"");
    assertThat(PolicyText.percent(0.5)).isEqualTo("50%");
    assertThat(PolicyText.percent(0.333)).isEqualTo("33.3%");
    assertThat(PolicyText.percent(1.0)).isEqualTo("100%");
  }
}
