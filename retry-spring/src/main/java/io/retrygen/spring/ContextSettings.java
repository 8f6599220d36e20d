package io.retrygen.spring;

import io.retrygen.RetryListener;
import io.retrygen.runtime.CircuitBreakerListener;
import io.retrygen.runtime.CircuitBreakers;
import io.retrygen.runtime.PolicyOverrides;
import io.retrygen.runtime.RetryOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.util.ClassUtils;

/**
 * What the context gives the retries: the options (a {@code RetryOptions} bean as the base, every
 * {@code RetryListener} bean, Micrometer meters, the {@code retrygen.*} properties as overrides),
 * and the {@code CircuitBreakerListener} beans, registered with {@link CircuitBreakers} from the
 * first guarded bean until the context closes.
 */
final class ContextSettings implements SmartInitializingSingleton, DisposableBean {
  private static final Log log = LogFactory.getLog(ContextSettings.class);
  private static final String PREFIX = "retrygen.";
  private static final boolean MICROMETER =
      ClassUtils.isPresent("io.micrometer.core.instrument.MeterRegistry", null)
          && ClassUtils.isPresent("io.retrygen.micrometer.RetryMetrics", null);

  private final Environment environment;
  private final ObjectProvider<RetryOptions> base;
  private final ObjectProvider<RetryListener> listeners;
  private final ObjectProvider<CircuitBreakerListener> breakerListeners;
  private final ConfigurableListableBeanFactory beanFactory;
  private final List<CircuitBreakerListener> registered = new ArrayList<>();
  private RetryOptions options;

  ContextSettings(
      Environment environment,
      ObjectProvider<RetryOptions> base,
      ObjectProvider<RetryListener> listeners,
      ObjectProvider<CircuitBreakerListener> breakerListeners,
      ConfigurableListableBeanFactory beanFactory) {
    this.environment = environment;
    this.base = base;
    this.listeners = listeners;
    this.breakerListeners = breakerListeners;
    this.beanFactory = beanFactory;
  }

  /** The options of every generated instance of this context, built at the first call. */
  synchronized RetryOptions options() {
    if (options == null) {
      RetryOptions.Builder builder = base.getIfAvailable(RetryOptions::defaults).toBuilder();
      listeners.orderedStream().forEach(builder::listener);
      List<CircuitBreakerListener> breakers = new ArrayList<>();
      breakerListeners.orderedStream().forEach(breakers::add);
      if (MICROMETER) {
        MicrometerBinding.bind(beanFactory, builder, breakers);
      }
      Map<String, String> properties = properties(environment);
      if (!properties.isEmpty()) {
        builder.overrides(PolicyOverrides.from(properties));
      }
      options = builder.build();
      for (CircuitBreakerListener listener : breakers) {
        CircuitBreakers.addListener(listener);
        registered.add(listener);
      }
    }
    return options;
  }

  /**
   * Every property whose name starts with {@code retrygen.}, from every enumerable property
   * source, with its value as the environment resolves it (placeholders, the source that wins).
   * {@code retrygen.enabled} is asked for by name too, so that the environment variable
   * {@code RETRYGEN_ENABLED} counts.
   */
  static Map<String, String> properties(Environment environment) {
    Map<String, String> properties = new TreeMap<>();
    if (environment instanceof ConfigurableEnvironment configurable) {
      for (PropertySource<?> source : configurable.getPropertySources()) {
        if (source instanceof EnumerablePropertySource<?> enumerable) {
          for (String name : enumerable.getPropertyNames()) {
            if (name.startsWith(PREFIX)) {
              String value = environment.getProperty(name);
              if (value != null) {
                properties.putIfAbsent(name, value);
              }
            }
          }
        }
      }
    }
    String enabled = environment.getProperty(PREFIX + "enabled");
    if (enabled != null) {
      properties.put(PREFIX + "enabled", enabled);
    }
    return properties;
  }

  /**
   * The environment variables that look like overrides but cannot be: a label, with its dots and
   * its case, is no variable name, so only {@code RETRYGEN_ENABLED} is read.
   */
  static List<String> unreadVariables(Environment environment) {
    List<String> unread = new ArrayList<>();
    if (environment instanceof ConfigurableEnvironment configurable
        && configurable.getPropertySources().get(
                StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME)
            instanceof EnumerablePropertySource<?> variables) {
      for (String name : variables.getPropertyNames()) {
        if (name.toUpperCase(Locale.ROOT).startsWith("RETRYGEN_")
            && !name.equalsIgnoreCase("RETRYGEN_ENABLED")) {
          unread.add(name);
        }
      }
    }
    return unread;
  }

  /**
   * Once every singleton is created (the options bean among them, so a property that is not a
   * number has already failed start-up, lazy guarded beans or not): the {@code RETRYGEN_*}
   * variables that cannot be read and the overrides no guarded bean used, likely typos, are
   * logged.
   */
  @Override
  public void afterSingletonsInstantiated() {
    List<String> variables = unreadVariables(environment);
    if (!variables.isEmpty()) {
      log.warn("retrygen: these environment variables are not read: " + String.join(", ", variables)
          + ". Of the overrides only RETRYGEN_ENABLED can be one (a label, with its dots and its"
          + " case, is no variable name); pass the others as system properties or, with Spring"
          + " Boot, in SPRING_APPLICATION_JSON.");
    }
    Set<String> unused = options().overrides().unusedKeys();
    if (!unused.isEmpty()) {
      log.warn("retrygen: no guarded bean of this context uses these properties (a typo in a"
          + " label or a name? lazy beans created later are not counted): "
          + String.join(", ", unused)
          + ". PolicyOverrides.describe(label) shows what a label uses.");
    }
  }

  @Override
  public synchronized void destroy() {
    for (CircuitBreakerListener listener : registered) {
      CircuitBreakers.removeListener(listener);
    }
    registered.clear();
  }
}
