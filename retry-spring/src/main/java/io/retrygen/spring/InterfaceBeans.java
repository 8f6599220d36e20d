package io.retrygen.spring;

import io.retrygen.runtime.RetryOptions;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.aop.framework.AopProxyUtils;
import org.springframework.aop.scope.ScopedProxyUtils;
import org.springframework.aop.support.AopUtils;
import org.springframework.beans.BeanInstantiationException;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.context.ApplicationListener;
import org.springframework.context.Lifecycle;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.scheduling.annotation.Async;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.scheduling.annotation.Schedules;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Wraps each bean that implements an interface with a generated delegate in that delegate, after
 * the auto-proxy creator has put its proxies ({@code @Transactional}, {@code @Cacheable},
 * aspects) around the bean: every attempt then goes through them, one transaction per attempt.
 * The wrapped bean is of the interface's type, as with a JDK proxy: inject it by its interface.
 *
 * <p>Not {@code Ordered}: Spring runs the post-processors that are not after all those that are
 * (the auto-proxy creator and the other advising ones among them), so the delegate is the
 * outermost layer. A method of the implementation with {@code @Scheduled} (which Spring's
 * scheduling post-processor, run last of all, would look for on the delegate's class) or
 * {@code @Async} (whose proxy would sit inside the delegate, so that the retry sees only the
 * hand-off) is a start-up failure rather than a job that never runs or a retry that never
 * happens.
 */
final class InterfaceBeans implements SmartInstantiationAwareBeanPostProcessor {
  /** Annotations Spring reads on the class of the object it is given, after this runs. */
  private static final List<Class<? extends Annotation>> READ_LATER =
      List.of(Scheduled.class, Schedules.class, Async.class);

  /**
   * Interfaces Spring checks with {@code instanceof} on the finished bean, skipping it silently
   * when it is not one: the delegate implements the guarded interface only.
   */
  private static final List<Class<?>> CALLED_ON_THE_FINISHED_BEAN =
      List.of(ApplicationListener.class, Lifecycle.class, SmartInitializingSingleton.class);

  private final ConfigurableListableBeanFactory beanFactory;
  private final Map<String, Object> earlyReferences = new ConcurrentHashMap<>();

  InterfaceBeans(ConfigurableListableBeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  /**
   * In a circular reference, the delegate is made when the other bean first asks for this one, and
   * {@link #postProcessAfterInitialization} then leaves the bean as it is (Spring exposes the early
   * reference), as the auto-proxy creator does with its proxies.
   */
  @Override
  public Object getEarlyBeanReference(Object bean, String beanName) {
    Object early = wrap(bean, beanName);
    if (early != bean) {
      earlyReferences.put(beanName, bean);
    }
    return early;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName)
      throws BeansException {
    if (earlyReferences.remove(beanName) == bean) {
      return bean;
    }
    return wrap(bean, beanName);
  }

  private Object wrap(Object bean, String beanName) {
    if (ScopedProxyUtils.isScopedTarget(beanName)) {
      return bean; // the scoped proxy in front of it is wrapped: one delegate, once
    }
    Class<?> target = AopProxyUtils.ultimateTargetClass(bean);
    if (GeneratedClasses.isGenerated(target)) {
      if (AopUtils.isAopProxy(bean) && !target.isInterface()) {
        throw new BeanCreationException(beanName, Messages.proxyAroundClassBean(beanName, target));
      }
      return bean; // a class bean created as its subclass, or a delegate the application made
    }
    if (GeneratedClasses.generatedFor(target).isPresent()) {
      return bean; // an input class: created as its subclass, inside a proxy of its own class
    }
    List<Class<?>> guarded = guardedInterfaces(target);
    if (guarded.isEmpty()) {
      return bean;
    }
    if (guarded.size() > 1) {
      throw new BeanCreationException(
          beanName, Messages.twoGuardedInterfaces(beanName, target, guarded));
    }
    Class<?> guardedInterface = guarded.get(0);
    checkAnnotationsReadLater(beanName, target, guardedInterface);
    checkCallbackInterfaces(beanName, target, guardedInterface);
    Class<?> delegate = GeneratedClasses.generatedFor(guardedInterface).orElseThrow();
    try {
      Constructor<?> constructor =
          delegate.getDeclaredConstructor(guardedInterface, RetryOptions.class);
      ReflectionUtils.makeAccessible(constructor); // a package-private interface's delegate
      return constructor.newInstance(bean, options());
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new BeanInstantiationException(delegate, "cannot wrap bean '" + beanName + "'", e);
    } catch (InvocationTargetException e) {
      throw new BeanInstantiationException(
          delegate, "cannot wrap bean '" + beanName + "'", e.getCause());
    }
  }

  /**
   * The interfaces of {@code type} with a generated delegate, without those another of them
   * extends (its delegate guards theirs too).
   */
  private static List<Class<?>> guardedInterfaces(Class<?> type) {
    List<Class<?>> guarded = new ArrayList<>();
    for (Class<?> candidate : ClassUtils.getAllInterfacesForClassAsSet(type)) {
      if (GeneratedClasses.generatedFor(candidate).isPresent()) {
        guarded.add(candidate);
      }
    }
    guarded.removeIf(
        i -> guarded.stream().anyMatch(other -> other != i && i.isAssignableFrom(other)));
    return guarded;
  }

  private static void checkAnnotationsReadLater(
      String beanName, Class<?> type, Class<?> guardedInterface) {
    for (Class<? extends Annotation> annotation : READ_LATER) {
      for (Method method : type.getMethods()) {
        if (AnnotatedElementUtils.hasAnnotation(method, annotation)) {
          throw new BeanCreationException(beanName, Messages.annotationOnWrappedBean(
              beanName, type, guardedInterface, "@" + annotation.getSimpleName(),
              method.getName() + "()"));
        }
      }
    }
  }

  private static void checkCallbackInterfaces(
      String beanName, Class<?> type, Class<?> guardedInterface) {
    for (Class<?> callback : CALLED_ON_THE_FINISHED_BEAN) {
      if (callback.isAssignableFrom(type)) {
        throw new BeanCreationException(beanName, Messages.callbackOnWrappedBean(
            beanName, type, guardedInterface, callback.getSimpleName()));
      }
    }
  }

  private RetryOptions options() {
    return beanFactory.getBean(RetrygenConfiguration.OPTIONS_BEAN, RetryOptions.class);
  }
}
