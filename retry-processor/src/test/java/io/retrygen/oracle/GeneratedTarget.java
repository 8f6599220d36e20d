package io.retrygen.oracle;

import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import kotlin.coroutines.Continuation;

/**
 * An instance of the generated {@code *Retrying} class, loaded from the pair's class loader and
 * built with the run's options (around a new {@code $Impl} delegate for an interface), and the
 * path's method on it, called by reflection with the cause of a throw unwrapped.
 */
final class GeneratedTarget implements Target {
  private final Policy policy;
  private final RetryOptions options;
  private final Class<?> generated;
  private final Class<?> input;
  private final Method method;
  private Object instance;

  GeneratedTarget(Policy policy, RetryOptions options, Names names, ClassLoader loader,
      Path path) throws ReflectiveOperationException {
    this.policy = policy;
    this.options = options;
    this.input = loader.loadClass(names.qualifiedType());
    this.generated = loader.loadClass(names.qualifiedType() + "Retrying");
    this.method = path.suspend && !path.flow
        ? generated.getMethod(names.method(path), String.class, Continuation.class)
        : generated.getMethod(names.method(path), String.class);
    renew();
  }

  @Override
  public void renew() throws ReflectiveOperationException {
    if (policy.members.isClass) {
      instance = generated.getConstructor(RetryOptions.class).newInstance(options);
    } else {
      Object delegate = input.getClassLoader().loadClass(input.getName() + "$Impl")
          .getDeclaredConstructor().newInstance();
      instance = generated.getConstructor(input, RetryOptions.class)
          .newInstance(delegate, options);
    }
  }

  @Override
  public Object call(String arg, World world) throws Throwable {
    try {
      return method.invoke(instance, arg);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** The {@code suspend} method: its value, or {@code COROUTINE_SUSPENDED}, or a throw. */
  Object callSuspend(String arg, Continuation<?> continuation) throws Throwable {
    try {
      return method.invoke(instance, arg, continuation);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }
}
