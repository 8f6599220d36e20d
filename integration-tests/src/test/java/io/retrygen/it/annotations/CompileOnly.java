package io.retrygen.it.annotations;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/** CLASS retention: in the class file, invisible to reflection, and not copied. */
@Retention(RetentionPolicy.CLASS)
public @interface CompileOnly {}
