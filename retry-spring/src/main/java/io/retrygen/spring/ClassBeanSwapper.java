package io.retrygen.spring;

import java.lang.reflect.Method;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.annotation.Lookup;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionValidationException;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Turns the definition of each bean whose class has a generated subclass into a definition of
 * that subclass: the bean class changes, and the constructor gets the context's
 * {@code RetryOptions} as its first argument ({@link ClassBeans} picks the constructor the
 * original class would have been created with). Name, scope, qualifiers, {@code @Primary},
 * laziness, dependencies and lifecycle methods stay as they were. Beans made by a factory method
 * ({@code @Bean}) are left alone: their class is the method's to choose ({@link ClassBeans}
 * reports one that returns an unguarded instance).
 */
final class ClassBeanSwapper implements BeanFactoryPostProcessor, PriorityOrdered {
  /** The attribute of a swapped definition that holds the original class. */
  static final String ORIGINAL_CLASS = ClassBeanSwapper.class.getName() + ".originalClass";

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory)
      throws BeansException {
    ClassLoader loader = beanFactory.getBeanClassLoader();
    boolean swapped = false;
    for (String name : beanFactory.getBeanDefinitionNames()) {
      BeanDefinition definition = beanFactory.getBeanDefinition(name);
      String className = definition.getBeanClassName();
      if (className == null && definition.getParentName() != null) {
        // A child definition (XML's parent="..."): its class is the merged one's.
        className = beanFactory.getMergedBeanDefinition(name).getBeanClassName();
      }
      if (definition instanceof AbstractBeanDefinition bean
          && className != null
          && !bean.isAbstract()
          && bean.getFactoryMethodName() == null
          && bean.getFactoryBeanName() == null
          && bean.getInstanceSupplier() == null
          && !className.contains(ClassUtils.CGLIB_CLASS_SEPARATOR)
          && GeneratedClasses.mayHaveGenerated(className, loader)) {
        swapped |=
            swap(
                name,
                bean,
                ClassUtils.resolveClassName(className, loader),
                // A child's arguments are its parent's with its own over them: all move along.
                bean.getParentName() == null
                    ? bean.getConstructorArgumentValues()
                    : beanFactory.getMergedBeanDefinition(name).getConstructorArgumentValues());
      }
    }
    qualifiedInjectionOfTheOptions(beanFactory);
    if (swapped) {
      beanFactory.clearMetadataCache(); // merged definitions read so far hold the old class
    }
  }

  /**
   * Lets a {@code @Bean} method that creates a generated class itself ask for the context's options
   * with {@code @Qualifier(RetrygenConfiguration.OPTIONS_BEAN)}, where Spring Framework 6.2+ can
   * say so: an autowire candidate only when asked for by name, so that injection by type still
   * finds the application's own {@code RetryOptions} bean alone. (On 6.1 the bean stays no
   * candidate at all.)
   */
  private static void qualifiedInjectionOfTheOptions(ConfigurableListableBeanFactory beanFactory) {
    if (beanFactory.containsBeanDefinition(RetrygenConfiguration.OPTIONS_BEAN)
        && ClassUtils.hasMethod(AbstractBeanDefinition.class, "setDefaultCandidate", boolean.class)
        && beanFactory.getBeanDefinition(RetrygenConfiguration.OPTIONS_BEAN)
            instanceof AbstractBeanDefinition options) {
      options.setDefaultCandidate(false);
      options.setAutowireCandidate(true);
    }
  }

  private static boolean swap(
      String name,
      AbstractBeanDefinition definition,
      Class<?> original,
      ConstructorArgumentValues given) {
    Class<?> generated = GeneratedClasses.generatedFor(original).orElse(null);
    if (generated == null || original.isInterface()) {
      return false;
    }
    String lookup = lookupMethod(definition, original);
    if (lookup != null) {
      throw new BeanDefinitionValidationException(
          Messages.lookupMethodOnClassBean(name, original, generated, lookup));
    }
    definition.setBeanClass(generated);
    definition.setAttribute(ORIGINAL_CLASS, original);
    // The options go first; arguments the definition already gives by index move one along.
    ConstructorArgumentValues arguments = new ConstructorArgumentValues();
    arguments.addIndexedArgumentValue(
        0, new RuntimeBeanReference(RetrygenConfiguration.OPTIONS_BEAN));
    given.getIndexedArgumentValues().forEach((i, v) -> arguments.addIndexedArgumentValue(i + 1, v));
    given.getGenericArgumentValues().forEach(arguments::addGenericArgumentValue);
    definition.setConstructorArgumentValues(arguments);
    return true;
  }

  /**
   * A method Spring would implement by subclassing the bean's class (method injection:
   * {@code @Lookup}, XML's lookup-method and replaced-method), which the final generated class
   * does not allow; null if there is none.
   */
  private static String lookupMethod(AbstractBeanDefinition definition, Class<?> type) {
    if (definition.hasMethodOverrides()) {
      return definition.getMethodOverrides().getOverrides().iterator().next().getMethodName();
    }
    for (Method method : ReflectionUtils.getAllDeclaredMethods(type)) {
      if (AnnotatedElementUtils.hasAnnotation(method, Lookup.class)) {
        return method.getName();
      }
    }
    return null;
  }

  @Override
  public int getOrder() {
    // After the configuration classes are read (their post-processor is a registry one, run
    // first), before anything that would create beans.
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
