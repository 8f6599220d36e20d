package io.retrygen.it.annotations;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** A nested annotation value. */
@Retention(RetentionPolicy.RUNTIME)
public @interface Tag {
  String value();
}
