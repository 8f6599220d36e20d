package io.retrygen.it.annotations;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** A framework-like annotation read at run time, with values of every kind. */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.PARAMETER})
public @interface Audited {
  String value();

  int level() default 1;

  String[] tags() default {};

  Class<?> type() default Object.class;

  Mode mode() default Mode.SLOW;

  Tag nested() default @Tag("none");

  double ratio() default 0.5;

  char separator() default ',';

  long limit() default 0L;

  /** How an audit is kept. */
  enum Mode {
    SLOW,
    FAST
  }
}
