package io.retrygen.spring;

import io.retrygen.runtime.RetryOptions;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.aop.Advisor;
import org.springframework.aop.config.AopConfigUtils;
import org.springframework.aop.framework.AbstractAdvisingBeanPostProcessor;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.aop.support.AopUtils;
import org.springframework.aop.target.SingletonTargetSource;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.SmartInstantiationAwareBeanPostProcessor;
import org.springframework.beans.factory.support.AbstractBeanFactory;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * The class beans {@link ClassBeanSwapper} turned into their generated subclasses, while they are
 * created:
 *
 * <ul>
 *   <li>the constructor: the one Spring would have chosen for the original class (its single
 *       constructor, the {@code @Autowired} one, Kotlin's primary one, else the no-argument one),
 *       taken in its generated twin with the leading {@code RetryOptions};
 *   <li>a start-up failure when proxy-based advice ({@code @Transactional}, {@code @Cacheable},
 *       an aspect) applies to the bean: its proxy would run all attempts inside one transaction or
 *       cache lookup, and cannot subclass the final generated class anyway;
 *   <li>for a bean that an advising post-processor will proxy ({@code @Async}, {@code @Validated},
 *       {@code @Repository}), a proxy of the original class around it, to which that
 *       post-processor adds its advice (outside the retry, where it belongs);
 *   <li>a start-up failure for a bean of an input class (or of its subclass) that is not created as
 *       the generated class, made by a {@code @Bean} method say: it would never retry.
 * </ul>
 *
 * <p>Runs before the auto-proxy creator ({@code PriorityOrdered}), so that these failures come
 * with their cause and fix rather than as a proxy that fails to subclass a final class.
 */
final class ClassBeans implements SmartInstantiationAwareBeanPostProcessor, PriorityOrdered {
  /** {@code AbstractAdvisingBeanPostProcessor.advisor}, looked up once. */
  private static final Field ADVISOR = advisorField();

  private final ConfigurableListableBeanFactory beanFactory;
  private final Map<String, Object> earlyReferences = new ConcurrentHashMap<>();
  private volatile String[] advisorNames;

  ClassBeans(ConfigurableListableBeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public Constructor<?>[] determineCandidateConstructors(Class<?> beanClass, String beanName)
      throws BeansException {
    Class<?> original = beanClass.getSuperclass();
    if (original == null || !GeneratedClasses.isGenerated(beanClass)) {
      return null;
    }
    Constructor<?>[] chosen = null;
    for (BeanPostProcessor processor : postProcessors()) {
      if (processor != this
          && processor instanceof SmartInstantiationAwareBeanPostProcessor smart) {
        chosen = smart.determineCandidateConstructors(original, beanName);
        if (chosen != null) {
          break;
        }
      }
    }
    if (chosen == null && givesArguments(beanName)) {
      return null; // Spring matches the given arguments against every constructor, as it would
    }
    if (chosen == null) {
      try {
        chosen = new Constructor<?>[] {original.getDeclaredConstructor()};
      } catch (NoSuchMethodException e) {
        return null; // Spring reports the class has no constructor it can call, as it would have
      }
    }
    List<Constructor<?>> twins = new ArrayList<>();
    for (Constructor<?> constructor : chosen) {
      Class<?>[] originalParameters = constructor.getParameterTypes();
      Class<?>[] parameters = new Class<?>[originalParameters.length + 1];
      parameters[0] = RetryOptions.class;
      System.arraycopy(originalParameters, 0, parameters, 1, originalParameters.length);
      try {
        twins.add(beanClass.getDeclaredConstructor(parameters));
      } catch (NoSuchMethodException e) {
        // A private constructor, which the generated class cannot call: not a candidate.
      }
    }
    return twins.isEmpty() ? null : twins.toArray(new Constructor<?>[0]);
  }

  /**
   * The type of a bean this class created as its generated subclass is, for Spring's type
   * queries before the bean exists, the original class: a class-based scoped proxy
   * ({@code @RequestScope}) then subclasses that rather than the final generated class, and
   * calls the scoped generated instance through it.
   */
  @Override
  public Class<?> predictBeanType(Class<?> beanClass, String beanName) {
    return GeneratedClasses.isGenerated(beanClass) && swapped(beanName)
        ? beanClass.getSuperclass()
        : null;
  }

  /** Notes a bean another one got before it was initialised (a circular reference). */
  @Override
  public Object getEarlyBeanReference(Object bean, String beanName) {
    earlyReferences.put(beanName, bean);
    return bean;
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName)
      throws BeansException {
    boolean referencedEarly = earlyReferences.remove(beanName) == bean;
    Class<?> type = bean.getClass();
    if (GeneratedClasses.isGenerated(type)) {
      Set<String> advice = adviceFor(type);
      if (!advice.isEmpty()) {
        throw new BeanCreationException(beanName, Messages.adviceOnClassBean(
            beanName, type.getSuperclass(), type, advice));
      }
      if (!advisedLater(type)) {
        return bean;
      }
      if (referencedEarly) {
        // Another bean holds this one already; a proxy now would not be what it holds (Spring
        // fails @Async beans in a cycle the same way, with a message that names neither fix).
        throw new BeanCreationException(beanName, Messages.advisedClassBeanInACycle(
            beanName, type.getSuperclass()));
      }
      return proxyOfInputClass(bean, type.getSuperclass());
    }
    if (AopUtils.isAopProxy(bean)) {
      return bean; // a proxy (a scoped one, say) of a bean that was checked when it was created
    }
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      Class<?> generated = GeneratedClasses.generatedFor(c).orElse(null);
      if (generated != null && !c.isInterface()) {
        throw new BeanCreationException(beanName,
            type.getName().contains(ClassUtils.CGLIB_CLASS_SEPARATOR)
                    && AnnotatedElementUtils.hasAnnotation(c, Configuration.class)
                ? Messages.configurationClassProxied(beanName, c)
                : Messages.notCreatedAsGenerated(beanName, type, c, generated));
      }
    }
    return bean;
  }

  private boolean swapped(String beanName) {
    return beanFactory.containsBeanDefinition(beanName)
        && beanFactory.getMergedBeanDefinition(beanName)
            .getAttribute(ClassBeanSwapper.ORIGINAL_CLASS) != null;
  }

  /** Whether the definition gives constructor arguments of its own, besides the options. */
  private boolean givesArguments(String beanName) {
    return beanFactory.containsBeanDefinition(beanName)
        && beanFactory.getMergedBeanDefinition(beanName).getConstructorArgumentValues()
                .getArgumentCount() > 1;
  }

  /** What proxy-based advice the context's advisors would put around a bean of {@code type}. */
  private Set<String> adviceFor(Class<?> type) {
    Set<String> advice = new LinkedHashSet<>();
    for (String name : advisorNames()) {
      if (beanFactory.isCurrentlyInCreation(name)) {
        continue; // as the auto-proxy creator does: an advisor being created advises nothing yet
      }
      Advisor advisor = beanFactory.getBean(name, Advisor.class);
      if (AopUtils.canApply(advisor, type)) {
        advice.add(Messages.describe(advisor));
      }
    }
    return advice;
  }

  /**
   * Whether an advising post-processor (Spring's for {@code @Async}, {@code @Validated},
   * {@code @Repository} exception translation, Spring Framework 7's resilience annotations) would
   * proxy a bean of {@code type}. Those add their advice to a proxy that exists, outside the
   * retry loop, which suits them: the async hand-off, validation and translation happen once per
   * call.
   */
  private boolean advisedLater(Class<?> type) {
    for (BeanPostProcessor processor : postProcessors()) {
      if (processor instanceof AbstractAdvisingBeanPostProcessor advising) {
        Advisor advisor = advisorOf(advising);
        if (advisor != null && AopUtils.canApply(advisor, type)) {
          return true;
        }
      }
    }
    return false;
  }

  /** The advisor a post-processor applies: a protected field, the same since Spring 3.2. */
  private static Advisor advisorOf(AbstractAdvisingBeanPostProcessor processor) {
    return ADVISOR == null ? null : (Advisor) ReflectionUtils.getField(ADVISOR, processor);
  }

  private static Field advisorField() {
    Field field = ReflectionUtils.findField(AbstractAdvisingBeanPostProcessor.class, "advisor");
    if (field != null) {
      ReflectionUtils.makeAccessible(field);
    }
    return field;
  }

  /**
   * A proxy of the input class (not of the final generated one, which cannot be subclassed) with
   * the generated instance as its target and no advice of its own: an advising post-processor
   * adds its advisor to a proxy that exists rather than making one.
   */
  private static Object proxyOfInputClass(Object bean, Class<?> input) {
    ProxyFactory factory = new ProxyFactory();
    factory.setProxyTargetClass(true);
    factory.setTargetSource(
        new SingletonTargetSource(bean) {
          private static final long serialVersionUID = 1L;

          @Override
          public Class<?> getTargetClass() {
            return input;
          }
        });
    return factory.getProxy(input.getClassLoader());
  }

  /**
   * The names of the advisor beans, looked up once, as the auto-proxy creator does: without eager
   * initialisation Spring's by-type cache is not used, so a lookup per bean would read every bean
   * definition of the context for each guarded bean.
   */
  private String[] advisorNames() {
    String[] names = advisorNames;
    if (names == null) {
      names = appliedAdvisorNames();
      advisorNames = names;
    }
    return names;
  }

  /**
   * The advisor beans the context's auto-proxy creator applies: none without one, the
   * infrastructure ones only for the creator that {@code @EnableTransactionManagement} and
   * {@code @EnableCaching} register alone.
   */
  private String[] appliedAdvisorNames() {
    if (!beanFactory.containsBeanDefinition(AopConfigUtils.AUTO_PROXY_CREATOR_BEAN_NAME)) {
      return new String[0];
    }
    String creator =
        beanFactory.getBeanDefinition(AopConfigUtils.AUTO_PROXY_CREATOR_BEAN_NAME)
            .getBeanClassName();
    boolean infrastructureOnly =
        creator != null && creator.endsWith(".InfrastructureAdvisorAutoProxyCreator");
    List<String> names = new ArrayList<>();
    for (String name : beanFactory.getBeanNamesForType(Advisor.class, true, false)) {
      if (!infrastructureOnly
          || (beanFactory.containsBeanDefinition(name)
              && beanFactory.getBeanDefinition(name).getRole()
                  == BeanDefinition.ROLE_INFRASTRUCTURE)) {
        names.add(name);
      }
    }
    return names.toArray(new String[0]);
  }

  private List<BeanPostProcessor> postProcessors() {
    return beanFactory instanceof AbstractBeanFactory factory
        ? factory.getBeanPostProcessors()
        : List.of();
  }

  @Override
  public int getOrder() {
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
