package io.retrygen.spring;

import java.util.List;
import java.util.Set;
import org.springframework.aop.Advisor;

/** The start-up failures of retry-spring, each with its cause and its fix. */
final class Messages {
  private Messages() {}

  static String adviceOnClassBean(
      String beanName, Class<?> original, Class<?> generated, Set<String> advice) {
    return "retrygen: bean '" + beanName + "' is created as " + generated.getName()
        + ", the generated subclass of " + original.getName() + ", and " + String.join(", ", advice)
        + " would wrap it in a proxy. The retry loop of a class bean runs inside the bean, so every"
        + " attempt would run inside that one proxy (one transaction, one cache lookup for all"
        + " attempts), which retrygen does not allow. Fix: put the retrygen annotations on an"
        + " interface that " + original.getSimpleName() + " implements (the bean is then wrapped"
        + " outside its proxies: one transaction per attempt), or move the advice to the bean that"
        + " the guarded methods call.";
  }

  static String notCreatedAsGenerated(
      String beanName, Class<?> type, Class<?> input, Class<?> generated) {
    String what = type == input
        ? "is a plain " + input.getName()
        : "is an instance of " + type.getName() + ", a subclass of " + input.getName();
    return "retrygen: bean '" + beanName + "' " + what + ", not the generated "
        + generated.getName() + ", so its guarded methods would never retry. This happens to"
        + " beans made by a @Bean method or registered as an instance. Fix: return new "
        + generated.getSimpleName() + "(options, ...) from the @Bean method, with a parameter"
        + " @Qualifier(RetrygenConfiguration.OPTIONS_BEAN) RetryOptions options (it has "
        + input.getSimpleName() + "'s constructors, each also with the options first), or let"
        + " component scanning create the bean"
        + (type == input ? "" : "; for a subclass, put a retrygen annotation on "
            + type.getSimpleName() + " so that its own subclass is generated")
        + ".";
  }

  static String lookupMethodOnClassBean(
      String beanName, Class<?> input, Class<?> generated, String method) {
    return "retrygen: bean '" + beanName + "' (" + input.getName() + ") has the lookup method "
        + method + "(), which Spring implements by subclassing the bean's class at run time; the"
        + " bean's class is the generated " + generated.getName() + ", which is final, so both"
        + " cannot be. Fix: inject an ObjectProvider<T> and call getObject() instead of the lookup"
        + " method, or move the retrygen annotations to a bean this one calls.";
  }

  static String advisedClassBeanInACycle(String beanName, Class<?> input) {
    return "retrygen: bean '" + beanName + "' (" + input.getName() + ") is in a circular"
        + " reference, and a post-processor (@Async, @Validated, @Repository translation) would put"
        + " a proxy around it, which the beans that already hold it would not see; the generated"
        + " class is final, so the proxy cannot be the bean itself. Fix: break the cycle, or inject"
        + " this bean with @Lazy in the bean that depends on it.";
  }

  static String configurationClassProxied(String beanName, Class<?> input) {
    return "retrygen: bean '" + beanName + "' (" + input.getName() + ") is a @Configuration class"
        + " whose @Bean methods Spring proxies by subclassing it, so it cannot also be created as"
        + " its generated subclass, and its guarded methods would never retry. Fix:"
        + " @Configuration(proxyBeanMethods = false), or move the guarded methods to a bean of"
        + " their own.";
  }

  static String twoGuardedInterfaces(String beanName, Class<?> type, List<Class<?>> interfaces) {
    StringBuilder names = new StringBuilder();
    for (Class<?> i : interfaces) {
      names.append(names.length() == 0 ? "" : " and ").append(i.getName());
    }
    return "retrygen: bean '" + beanName + "' (" + type.getName() + ") implements " + names
        + ", each with a generated delegate; one delegate can stand for one interface only, so the"
        + " bean cannot be wrapped in both. Fix: split the bean, or put the annotations on one"
        + " interface (or on the class itself, which is then created as its generated subclass).";
  }

  static String proxyAroundClassBean(String beanName, Class<?> generated) {
    return "retrygen: bean '" + beanName + "' is created as " + generated.getName()
        + " and was then wrapped in a proxy by another post-processor, which would run every"
        + " attempt inside that proxy's advice. Fix: put the retrygen annotations on an interface"
        + " the bean implements (it is then wrapped outside its proxies), or move the advice to"
        + " the bean that the guarded methods call.";
  }

  static String annotationOnWrappedBean(
      String beanName, Class<?> type, Class<?> guarded, String annotation, String method) {
    String why = annotation.equals("@Async")
        ? "Spring's async proxy would sit inside the delegate, so the retry would see the hand-off"
            + " to the executor succeed and never the failure"
        : "Spring reads it on the class of the object it is given, the delegate, where it is not,"
            + " so it would silently do nothing";
    return "retrygen: bean '" + beanName + "' (" + type.getName() + ") is wrapped in the"
        + " generated delegate of " + guarded.getName() + ", and its method " + method + " has "
        + annotation + ": " + why + ". Fix: put the retrygen annotations on the class instead of"
        + " the interface (the bean is then created as its generated subclass, which keeps "
        + annotation + " and runs every attempt inside it), or put " + annotation + " on a method"
        + " of another bean that calls this one.";
  }

  static String callbackOnWrappedBean(
      String beanName, Class<?> type, Class<?> guarded, String callback) {
    return "retrygen: bean '" + beanName + "' (" + type.getName() + ") is wrapped in the"
        + " generated delegate of " + guarded.getName() + ", which implements that interface"
        + " only, and its class also implements " + callback + ", which Spring looks for on the"
        + " finished bean: it would silently never be called. Fix: implement " + callback
        + " in another bean, or put the retrygen annotations on the class instead of the"
        + " interface (the bean is then created as its generated subclass, which is still a "
        + callback + ").";
  }

  /** The advice an advisor stands for, as a user wrote it. */
  static String describe(Advisor advisor) {
    String advice = advisor.getAdvice().getClass().getName();
    if (advice.endsWith(".TransactionInterceptor")) {
      return "@Transactional";
    }
    if (advice.endsWith(".CacheInterceptor")) {
      return "@Cacheable (or another cache annotation)";
    }
    return advice.substring(advice.lastIndexOf('.') + 1) + " (from " + advisor.getClass().getName()
        + ")";
  }
}
