package io.retrygen.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * What the processor knows about inputs compiled from Kotlin (SPEC §2): a kapt stub, or a class
 * file, carries {@code kotlin.Metadata}. Such inputs get messages in Kotlin terms. Nothing here
 * needs Kotlin on the processor path: every Kotlin type is looked at by name only.
 */
final class KotlinSupport {
  static final String METADATA = "kotlin.Metadata";

  private KotlinSupport() {}

  /** Whether {@code element} is, or is declared in, a type compiled from Kotlin. */
  static boolean isKotlin(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e instanceof TypeElement && Mirrors.find(e, METADATA) != null) {
        return true;
      }
    }
    return false;
  }
}
