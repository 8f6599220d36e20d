package io.retrygen.processor.check;

import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;

/**
 * Our annotations on local, anonymous and enum-constant classes or their methods, which javac's
 * {@link RoundEnvironment} does not return: compile errors, since the generated top-level class
 * could not name such a class. They are found in the method bodies with the Compiler Tree API
 * ({@link LocalTypeScanner}), which only javac has, and which only a ProcessingEnvironment of
 * javac's own gives (Gradle's incremental processing and IntelliJ's build wrap it): elsewhere
 * they stay unreported, as annotations that have no effect. javac runs the processor only once
 * one of our annotations appears outside method bodies, too.
 */
public abstract class LocalTypes {
  /** Reports our annotations in local classes of the round's root types, once each. */
  public abstract void report(RoundEnvironment round);

  public static LocalTypes of(ProcessingEnvironment env) {
    try {
      return new LocalTypeScanner.Reporter(env);
    } catch (IllegalArgumentException | LinkageError notJavac) {
      // IllegalArgumentException: Trees.instance does not know this environment.
      // LinkageError: no Compiler Tree API at all (com.sun.source), as in Eclipse's compiler.
      return new LocalTypes() {
        @Override
        public void report(RoundEnvironment round) {}
      };
    }
  }
}
