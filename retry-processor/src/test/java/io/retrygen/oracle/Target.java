package io.retrygen.oracle;

/**
 * What the {@link Runner} makes a script's calls on: an instance of the generated class ({@link
 * GeneratedTarget}) or a template built with the policy's settings ({@link TemplateTarget}).
 */
interface Target {
  Object call(String arg, World world) throws Throwable;

  /** A new instance of the generated class; nothing for a template. */
  void renew() throws ReflectiveOperationException;
}
