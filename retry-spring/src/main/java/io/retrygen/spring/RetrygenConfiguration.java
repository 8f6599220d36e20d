package io.retrygen.spring;

import io.retrygen.RetryListener;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.RetryOptions;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Role;
import org.springframework.core.env.Environment;

/**
 * The beans {@link EnableRetrygen} and the Spring Boot auto-configuration register. Their names
 * start with {@code retrygen}; none of them is a candidate for autowiring, so an application's own
 * {@code RetryOptions} bean stays the only one it can inject.
 */
@Configuration(proxyBeanMethods = false)
@Role(BeanDefinition.ROLE_INFRASTRUCTURE)
public class RetrygenConfiguration {
  /**
   * The name of the options every generated instance of this context is created with. A
   * {@code @Bean} method that creates a generated class itself gets them with
   * {@code @Qualifier(RetrygenConfiguration.OPTIONS_BEAN) RetryOptions options} (Spring Framework
   * 6.2+); injection by type never sees them.
   */
  public static final String OPTIONS_BEAN = "retrygenRetryOptions";

  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static ClassBeanSwapper retrygenClassBeanSwapper() {
    return new ClassBeanSwapper();
  }

  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static ClassBeans retrygenClassBeans(ConfigurableListableBeanFactory beanFactory) {
    return new ClassBeans(beanFactory);
  }

  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  static InterfaceBeans retrygenInterfaceBeans(ConfigurableListableBeanFactory beanFactory) {
    return new InterfaceBeans(beanFactory);
  }

  @Bean
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  ContextSettings retrygenSettings(
      Environment environment,
      ObjectProvider<RetryOptions> base,
      ObjectProvider<RetryListener> listeners,
      ObjectProvider<CircuitBreakerListener> breakerListeners,
      ConfigurableListableBeanFactory beanFactory) {
    return new ContextSettings(environment, base, listeners, breakerListeners, beanFactory);
  }

  @Bean(name = OPTIONS_BEAN, autowireCandidate = false)
  @Role(BeanDefinition.ROLE_INFRASTRUCTURE)
  RetryOptions retrygenRetryOptions(ContextSettings retrygenSettings) {
    return retrygenSettings.options();
  }
}
