package io.retrygen.spring;

import org.springframework.beans.BeansException;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.ConstructorArgumentValues;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.core.Ordered;
import org.springframework.core.PriorityOrdered;
import org.springframework.util.ClassUtils;

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
      if (definition instanceof AbstractBeanDefinition bean
          && className != null
          && !bean.isAbstract()
          && bean.getFactoryMethodName() == null
          && bean.getFactoryBeanName() == null
          && bean.getInstanceSupplier() == null
          && !className.contains(ClassUtils.CGLIB_CLASS_SEPARATOR)
          && GeneratedClasses.mayHaveGenerated(className, loader)) {
        swapped |= swap(bean, ClassUtils.resolveClassName(className, loader));
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

  private static boolean swap(AbstractBeanDefinition definition, Class<?> original) {
    Class<?> generated = GeneratedClasses.generatedFor(original).orElse(null);
    if (generated == null || original.isInterface()) {
      return false;
    }
    definition.setBeanClass(generated);
    definition.setAttribute(ORIGINAL_CLASS, original);
    // The options go first; arguments the definition already gives by index move one along.
    ConstructorArgumentValues given = definition.getConstructorArgumentValues();
    ConstructorArgumentValues arguments = new ConstructorArgumentValues();
    arguments.addIndexedArgumentValue(
        0, new RuntimeBeanReference(RetrygenConfiguration.OPTIONS_BEAN));
    given.getIndexedArgumentValues().forEach((i, v) -> arguments.addIndexedArgumentValue(i + 1, v));
    given.getGenericArgumentValues().forEach(arguments::addGenericArgumentValue);
    definition.setConstructorArgumentValues(arguments);
    return true;
  }

  @Override
  public int getOrder() {
    // After the configuration classes are read (their post-processor is a registry one, run
    // first), before anything that would create beans.
    return Ordered.HIGHEST_PRECEDENCE;
  }
}
