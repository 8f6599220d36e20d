package io.retrygen.spring;

import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Optional;

/**
 * Finds the class retrygen generated for an input type by its name, the way the processor names
 * it ({@code com.acme.Outer.Client} → {@code com.acme.Outer_ClientRetrying}), with one lookup in
 * the class loader of the input: no class path scan, and no index file that every compilation
 * would have to rewrite (which would make the processor aggregating rather than isolating). A
 * class of that name counts only if it has the generated shape: final, extending the class (or
 * implementing the interface) directly, with the constructors that take {@link RetryOptions}.
 */
final class GeneratedClasses {
  private static final String SUFFIX = "Retrying";

  /** What was found for each type, kept as long as the type is (no class loader held on to). */
  private static final ClassValue<Optional<Class<?>>> FOUND =
      new ClassValue<Optional<Class<?>>>() {
        @Override
        protected Optional<Class<?>> computeValue(Class<?> type) {
          return find(type);
        }
      };

  private GeneratedClasses() {}

  /**
   * The name of the class generated for the type whose binary name is {@code binaryName}: the
   * nested names joined by {@code _}.
   */
  static String generatedName(String binaryName) {
    return binaryName.replace('$', '_') + SUFFIX;
  }

  /**
   * Whether {@code loader} holds a class file named as the one generated for {@code binaryName}.
   * Types of the JDK, Jakarta, Spring and Kotlin are not looked up (no user annotates them), which
   * spares a lookup for each of the context's own beans and each interface they implement.
   */
  static boolean mayHaveGenerated(String binaryName, ClassLoader loader) {
    return loader != null
        && !binaryName.startsWith("java.")
        && !binaryName.startsWith("javax.")
        && !binaryName.startsWith("jakarta.")
        && !binaryName.startsWith("org.springframework.")
        && !binaryName.startsWith("kotlin.")
        && loader.getResource(generatedName(binaryName).replace('.', '/') + ".class") != null;
  }

  /**
   * The generated subclass of the class {@code type} (the delegate of the interface {@code type}),
   * if retrygen generated one.
   */
  static Optional<Class<?>> generatedFor(Class<?> type) {
    return FOUND.get(type);
  }

  /** Whether {@code type} is a class retrygen generated (for its superclass or an interface). */
  static boolean isGenerated(Class<?> type) {
    if (!type.getName().endsWith(SUFFIX) || !Modifier.isFinal(type.getModifiers())) {
      return false;
    }
    Class<?> superclass = type.getSuperclass();
    if (superclass != null && generatedFor(superclass).orElse(null) == type) {
      return true;
    }
    for (Class<?> implemented : type.getInterfaces()) {
      if (generatedFor(implemented).orElse(null) == type) {
        return true;
      }
    }
    return false;
  }

  private static Optional<Class<?>> find(Class<?> type) {
    if (type.isPrimitive() || type.isArray() || type.isAnnotation() || type.isEnum()) {
      return Optional.empty();
    }
    String name = type.getName();
    ClassLoader loader = type.getClassLoader();
    if (!mayHaveGenerated(name, loader)) {
      return Optional.empty();
    }
    Class<?> generated;
    try {
      generated = Class.forName(generatedName(name), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return Optional.empty();
    }
    return hasGeneratedShape(generated, type) ? Optional.of(generated) : Optional.empty();
  }

  private static boolean hasGeneratedShape(Class<?> generated, Class<?> input) {
    if (!Modifier.isFinal(generated.getModifiers())) {
      return false;
    }
    if (input.isInterface()) {
      return Arrays.asList(generated.getInterfaces()).contains(input)
          && hasConstructor(generated, input, RetryOptions.class);
    }
    if (generated.getSuperclass() != input) {
      return false;
    }
    for (Constructor<?> constructor : generated.getDeclaredConstructors()) {
      Class<?>[] parameters = constructor.getParameterTypes();
      if (parameters.length > 0 && parameters[0] == RetryOptions.class) {
        return true;
      }
    }
    return false;
  }

  private static boolean hasConstructor(Class<?> type, Class<?>... parameters) {
    try {
      type.getDeclaredConstructor(parameters);
      return true;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }
}
