package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.Quotes;
import io.retrygen.spring.fixtures.QuotesRetrying;
import io.retrygen.spring.edgecases.EdgeCases.AllGuarded;
import io.retrygen.spring.edgecases.EdgeCases.Base;
import io.retrygen.spring.edgecases.EdgeCases.Counter;
import io.retrygen.spring.edgecases.EdgeCases.CycleA;
import io.retrygen.spring.edgecases.EdgeCases.CycleB;
import io.retrygen.spring.edgecases.EdgeCases.CyclicPing;
import io.retrygen.spring.edgecases.EdgeCases.Derived;
import io.retrygen.spring.edgecases.EdgeCases.DerivedImpl;
import io.retrygen.spring.edgecases.EdgeCases.FieldInjected;
import io.retrygen.spring.edgecases.EdgeCases.GuardedConfig;
import io.retrygen.spring.edgecases.EdgeCases.GuardedLiteConfig;
import io.retrygen.spring.edgecases.EdgeCases.Ping;
import io.retrygen.spring.edgecases.EdgeCases.PingFactory;
import io.retrygen.spring.edgecases.EdgeCases.PingImpl;
import io.retrygen.spring.edgecases.EdgeCases.PingService;
import io.retrygen.spring.edgecases.EdgeCases.PingUser;
import io.retrygen.spring.edgecases.EdgeCases.Repo;
import io.retrygen.spring.edgecases.EdgeCases.TwoConstructors;
import io.retrygen.spring.edgecases.EdgeCases.WithLookup;
import io.retrygen.spring.edgecases.EdgeCases_AllGuardedRetrying;
import io.retrygen.spring.edgecases.EdgeCases_FieldInjectedRetrying;
import io.retrygen.spring.edgecases.EdgeCases_PingRetrying;
import io.retrygen.spring.edgecases.EdgeCases_RepoRetrying;
import io.retrygen.spring.edgecases.EdgeCases_TwoConstructorsRetrying;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.support.RootBeanDefinition;
import org.springframework.beans.factory.xml.XmlBeanDefinitionReader;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Lazy;
import org.springframework.context.annotation.Primary;
import org.springframework.core.ResolvableType;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.io.ByteArrayResource;

/**
 * What Spring applications do beyond the plain case, each in a real context: injection styles,
 * lifecycle, generics, scopes and scoped proxies, cycles, XML definitions, factory beans, lazy
 * resolution, several contexts; and, where retrygen cannot take part, the message that says why.
 */
class EdgeCasesTest {
  @Configuration(proxyBeanMethods = false)
  static class Deps {
    @Bean
    Counter counter() {
      return new Counter();
    }

    @Bean
    Flaky flaky() {
      return new Flaky();
    }
  }

  private static AnnotationConfigApplicationContext context(
      Map<String, Object> properties, java.util.function.Consumer<AnnotationConfigApplicationContext> setup,
      Class<?>... components) {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", properties));
    context.register(components);
    setup.accept(context);
    context.refresh();
    return context;
  }

  private static int attempts(Counter counter, Runnable call) {
    int before = counter.calls.get();
    assertThrows(IllegalStateException.class, call::run);
    return counter.calls.get() - before;
  }

  // --- field/setter injection and lifecycle ---------------------------------------------------

  @Test
  void fieldAndSetterInjectionAndLifecycleOnASwappedBean() {
    FieldInjected.inits.set(0);
    FieldInjected.destroys.set(0);
    FieldInjected.setterCalls.set(0);
    AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, FieldInjected.class);
    FieldInjected bean = context.getBean(FieldInjected.class);
    assertSame(EdgeCases_FieldInjectedRetrying.class, bean.getClass());
    assertSame(context.getBean(Flaky.class), bean.flaky());
    assertEquals(1, FieldInjected.setterCalls.get());
    assertEquals(1, FieldInjected.inits.get());
    assertEquals(3, attempts(context.getBean(Counter.class), bean::work));
    context.close();
    assertEquals(1, FieldInjected.destroys.get());
  }

  @Test
  void lifecycleMethodsGuardedByATypeLevelAnnotationRunOnce() {
    AllGuarded.inits.set(0);
    AllGuarded.destroys.set(0);
    AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, AllGuarded.class);
    assertSame(EdgeCases_AllGuardedRetrying.class, context.getBean(AllGuarded.class).getClass());
    assertEquals(1, AllGuarded.inits.get());
    context.close();
    assertEquals(1, AllGuarded.destroys.get());
  }

  // --- generics ---------------------------------------------------------------------------------

  static class RepoUser {
    @Autowired Repo<String> strings;
    @Autowired Repo<Integer> integers;
  }

  @Test
  void genericClassBeansAreInjectedByTheirGenericType() {
    AnnotationConfigApplicationContext context = context(Map.of(), c -> {
      RootBeanDefinition strings = new RootBeanDefinition(Repo.class);
      strings.setTargetType(ResolvableType.forClassWithGenerics(Repo.class, String.class));
      c.registerBeanDefinition("stringRepo", strings);
      RootBeanDefinition integers = new RootBeanDefinition(Repo.class);
      integers.setTargetType(ResolvableType.forClassWithGenerics(Repo.class, Integer.class));
      c.registerBeanDefinition("integerRepo", integers);
    }, Contexts.VirtualTime.class, RepoUser.class);
    RepoUser user = context.getBean(RepoUser.class);
    assertSame(context.getBean("stringRepo"), user.strings);
    assertSame(context.getBean("integerRepo"), user.integers);
    assertSame(EdgeCases_RepoRetrying.class, user.strings.getClass());
    assertEquals("x", user.strings.echo("x"));
    context.close();
  }

  static class RawRepoUser {
    @Autowired Repo<String> strings;
  }

  @Test
  void aRawGenericClassBeanIsInjectedByAGenericType() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Repo.class, RawRepoUser.class)) {
      assertSame(EdgeCases_RepoRetrying.class, context.getBean(RawRepoUser.class).strings.getClass());
    }
  }

  // --- class bean that implements a guarded interface: one retry layer -------------------------

  @Test
  void anInputClassImplementingAGuardedInterfaceIsRetriedOnce() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, PingService.class)) {
      Counter counter = context.getBean(Counter.class);
      PingService service = context.getBean(PingService.class);
      assertEquals(3, attempts(counter, service::ping), "interface annotation, one layer");
      assertEquals(2, attempts(counter, service::own));
      Ping ping = context.getBean(Ping.class);
      assertEquals(3, attempts(counter, ping::ping));
    }
  }

  // --- guarded interface extending a guarded interface -----------------------------------------

  @Test
  void anInterfaceExtendingAGuardedInterfaceGuardsBoth() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, DerivedImpl.class)) {
      Counter counter = context.getBean(Counter.class);
      Derived derived = context.getBean(Derived.class);
      Base base = context.getBean(Base.class);
      assertSame(derived, base);
      assertEquals(2, attempts(counter, derived::derived));
      assertEquals(3, attempts(counter, derived::base));
    }
  }

  // --- prototype interface bean -----------------------------------------------------------------

  @Test
  void aPrototypeInterfaceBeanIsWrappedEachTime() {
    try (AnnotationConfigApplicationContext context = context(Map.of(), c -> c.registerBean(
        "protoPing", PingImpl.class, d -> d.setScope("prototype")),
        Contexts.VirtualTime.class, Deps.class)) {
      Ping one = context.getBean(Ping.class);
      Ping two = context.getBean(Ping.class);
      assertNotSame(one, two);
      assertSame(EdgeCases_PingRetrying.class, one.getClass());
      assertEquals(3, attempts(context.getBean(Counter.class), one::ping));
    }
  }

  // --- two contexts in one JVM, kill switch in one ----------------------------------------------

  @Test
  void twoContextsInOneJvmEachWithItsOwnSettings() {
    try (AnnotationConfigApplicationContext off = context(Map.of("retrygen.enabled", "false"),
            c -> {}, Contexts.VirtualTime.class, Deps.class, PingService.class, PingImpl.class);
        AnnotationConfigApplicationContext on = context(Map.of(), c -> {},
            Contexts.VirtualTime.class, Deps.class, PingService.class, PingImpl.class)) {
      assertEquals(1, attempts(off.getBean(Counter.class), off.getBean(PingService.class)::own));
      assertEquals(2, attempts(on.getBean(Counter.class), on.getBean(PingService.class)::own));
      assertEquals(1, attempts(off.getBean(Counter.class), off.getBean("edgeCases.PingImpl", Ping.class)::ping));
      assertEquals(3, attempts(on.getBean(Counter.class), on.getBean("edgeCases.PingImpl", Ping.class)::ping));
    }
  }

  // --- registerBean(Class): constructors as plain Spring would choose -------------------------

  @Test
  void registerBeanChoosesTheSameConstructorAsWithoutRetrygen() {
    String plain;
    try (AnnotationConfigApplicationContext context = context(Map.of(),
        c -> c.registerBean("two", TwoConstructors.class), Deps.class)) {
      plain = context.getBean(TwoConstructors.class).via();
      System.out.println("REVIEW plain registerBean via=" + plain);
    }
    try (AnnotationConfigApplicationContext context = context(Map.of(),
        c -> c.registerBean("two", TwoConstructors.class), Contexts.VirtualTime.class, Deps.class)) {
      TwoConstructors bean = context.getBean(TwoConstructors.class);
      assertSame(EdgeCases_TwoConstructorsRetrying.class, bean.getClass());
      assertEquals(plain, bean.via());
    }
  }

  @Test
  void registerBeanWithConstructorArguments() {
    Flaky given = new Flaky().failFirst(0);
    try (AnnotationConfigApplicationContext context = context(Map.of(),
        c -> c.registerBean("two", TwoConstructors.class, given), Contexts.VirtualTime.class)) {
      TwoConstructors bean = context.getBean(TwoConstructors.class);
      assertSame(EdgeCases_TwoConstructorsRetrying.class, bean.getClass());
      assertEquals("flaky 0", bean.via());
    }
  }

  // --- XML style explicit constructor arguments -------------------------------------------------

  private static final String XML_INDEX = """
        <bean id="quoteFeed" class="io.retrygen.spring.fixtures.Flaky"/>
        <bean id="quotes" class="io.retrygen.spring.fixtures.Quotes">
          <constructor-arg index="1" value="CHF"/>
          <constructor-arg index="0" ref="quoteFeed"/>
        </bean>
      """;

  private static final String XML_NAME = """
        <bean id="quoteFeed" class="io.retrygen.spring.fixtures.Flaky"/>
        <bean id="quotes" class="io.retrygen.spring.fixtures.Quotes">
          <constructor-arg name="currency" value="CHF"/>
          <constructor-arg name="feed" ref="quoteFeed"/>
        </bean>
      """;

  /** An XML bean definition file of {@code beans}, its {@code <bean>} elements. */
  private static byte[] beansXml(String beans) {
    return """
        <beans xmlns="http://www.springframework.org/schema/beans"
               xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
               xsi:schemaLocation="http://www.springframework.org/schema/beans
                 https://www.springframework.org/schema/beans/spring-beans.xsd">
        %s</beans>
        """.formatted(beans).getBytes(StandardCharsets.UTF_8);
  }

  /** A context of {@code beans}, the {@code <bean>} elements of an XML bean definition file. */
  private static AnnotationConfigApplicationContext xml(String beans) {
    return context(Map.of(), c -> new XmlBeanDefinitionReader(c).loadBeanDefinitions(
        new ByteArrayResource(beansXml(beans))), Contexts.VirtualTime.class);
  }

  @Test
  void xmlIndexedConstructorArgumentsMoveAlong() {
    try (AnnotationConfigApplicationContext context = xml(XML_INDEX)) {
      Quotes quotes = context.getBean(Quotes.class);
      assertSame(QuotesRetrying.class, quotes.getClass());
      assertEquals("1 CHF", quotes.quote());
    }
  }

  @Test
  void xmlNamedConstructorArguments() {
    try (AnnotationConfigApplicationContext context = xml(XML_NAME)) {
      Quotes quotes = context.getBean(Quotes.class);
      assertSame(QuotesRetrying.class, quotes.getClass());
      assertEquals("1 CHF", quotes.quote());
    }
  }

  // --- guarded @Configuration classes -----------------------------------------------------------

  @Test
  void aGuardedConfigurationClassWithProxiedBeanMethods() {
    String message = failureOf(
        () -> Contexts.start(Contexts.VirtualTime.class, GuardedConfig.class).close());
    assertTrue(message.contains("is a @Configuration class whose @Bean methods Spring proxies"),
        message);
    assertTrue(message.contains("Fix: @Configuration(proxyBeanMethods = false)"), message);
  }


  @Test
  void aGuardedLiteConfigurationClass() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, GuardedLiteConfig.class)) {
      GuardedLiteConfig config = context.getBean(GuardedLiteConfig.class);
      assertTrue(context.containsBean("liteFlaky"));
      assertEquals(3, attempts(context.getBean(Counter.class), config::work));
    }
  }

  // --- circular references ----------------------------------------------------------------------

  @Test
  void twoSwappedClassBeansInACycle() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, CycleA.class, CycleB.class)) {
      CycleA a = context.getBean(CycleA.class);
      CycleB b = context.getBean(CycleB.class);
      assertSame(b, a.b());
      assertSame(a, b.a());
      assertEquals(3, attempts(context.getBean(Counter.class), () -> b.a().a()));
    }
  }

  @Test
  void anInterfaceBeanInACycle() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, CyclicPing.class, PingUser.class)) {
      Ping ping = context.getBean(Ping.class);
      PingUser user = context.getBean(PingUser.class);
      System.out.println("REVIEW cycle ping=" + ping.getClass() + " user.ping=" + user.ping().getClass());
      assertSame(ping, user.ping());
      assertEquals(3, attempts(context.getBean(Counter.class), user.ping()::ping));
    }
  }

  @Test
  void anInterfaceBeanInACycleCreatedFirst() {
    AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    context.register(Contexts.VirtualTime.class, Deps.class, CyclicPing.class, PingUser.class);
    context.getDefaultListableBeanFactory().setAllowEagerClassLoading(true);
    context.refresh();
    try (context) {
      CyclicPing raw = null;
      System.out.println("REVIEW names " + java.util.Arrays.toString(context.getBeanDefinitionNames()));
      Ping ping = context.getBean("edgeCases.CyclicPing", Ping.class);
      PingUser user = context.getBean(PingUser.class);
      assertSame(ping, user.ping(), "the user got " + user.ping().getClass() + ", raw=" + raw);
    }
  }

  // --- FactoryBean, lazy injection, ObjectProvider, @Primary ------------------------------------

  @Test
  void aFactoryBeanProductIsWrapped() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, PingFactory.class)) {
      Ping ping = context.getBean(Ping.class);
      assertSame(EdgeCases_PingRetrying.class, ping.getClass());
      assertEquals(3, attempts(context.getBean(Counter.class), ping::ping));
      assertTrue(context.getBean("&edgeCases.PingFactory") instanceof PingFactory);
    }
  }

  static class LazyUser {
    @Lazy @Autowired Ping lazyPing;
    @Autowired ObjectProvider<Ping> provider;
  }

  @Test
  void lazyAndProviderInjectionOfAnInterfaceBean() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Contexts.VirtualTime.class, Deps.class, PingImpl.class, LazyUser.class)) {
      LazyUser user = context.getBean(LazyUser.class);
      Counter counter = context.getBean(Counter.class);
      assertEquals(3, attempts(counter, user.lazyPing::ping));
      assertEquals(3, attempts(counter, user.provider.getObject()::ping));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoPings {
    @Bean
    @Primary
    Ping primaryPing(Counter counter) {
      PingImpl impl = new PingImpl();
      impl.counter = counter;
      return impl;
    }

    @Bean
    Ping otherPing() {
      return () -> 42;
    }
  }

  static class PingConsumer {
    @Autowired Ping ping;
  }

  @Test
  void primaryAmongTwoImplementationsOfAGuardedInterface() {
    try (AnnotationConfigApplicationContext context = Contexts.start(
        Contexts.VirtualTime.class, Deps.class, TwoPings.class, PingConsumer.class)) {
      Ping ping = context.getBean(PingConsumer.class).ping;
      assertSame(context.getBean("primaryPing"), ping);
      assertEquals(3, attempts(context.getBean(Counter.class), ping::ping));
    }
  }

  // --- @Lookup ----------------------------------------------------------------------------------

  @Test
  void aClassBeanWithALookupMethod() {
    String message = failureOf(
        () -> Contexts.start(Contexts.VirtualTime.class, Deps.class, WithLookup.class).close());
    assertTrue(message.contains("has the lookup method"), message);
    assertTrue(message.contains("Fix: inject an ObjectProvider<T>"), message);
  }


  // --- no RetryOptions bean of the application's own ---------------------------------------------

  @Configuration(proxyBeanMethods = false)
  @org.springframework.context.annotation.Import(RetrygenConfiguration.class)
  static class BareRetrygen {}

  @Test
  void withoutAnApplicationRetryOptionsBean() {
    try (AnnotationConfigApplicationContext context =
        Contexts.start(Map.of("retrygen.retry.EdgeCases.PingService.own.backoff.delay", "0"),
            BareRetrygen.class, Deps.class, PingService.class)) {
      assertEquals(2, attempts(context.getBean(Counter.class), context.getBean(PingService.class)::own));
    }
  }

  @Test
  void anInterfaceBeanInACycleReachedFromItsOwnSide() {
    AnnotationConfigApplicationContext context = context(Map.of(), c -> {
      c.registerBean("cyclicPing", CyclicPing.class, d -> d.setLazyInit(true));
      c.registerBean("pingUser", PingUser.class, d -> d.setLazyInit(true));
    }, Contexts.VirtualTime.class, Deps.class);
    try (context) {
      Object ping = context.getBean("cyclicPing");
      PingUser user = context.getBean(PingUser.class);
      assertSame(ping, user.ping(), "the user got " + user.ping().getClass());
      assertEquals(3, attempts(context.getBean(Counter.class), user.ping()::ping));
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class Translation {
    @Bean
    static org.springframework.dao.annotation.PersistenceExceptionTranslationPostProcessor translation() {
      return new org.springframework.dao.annotation.PersistenceExceptionTranslationPostProcessor();
    }

    @Bean
    org.springframework.dao.support.PersistenceExceptionTranslator translator() {
      return e -> null;
    }
  }

  @Test
  void aProxiedClassBeanInACycle() {
    AnnotationConfigApplicationContext context = context(Map.of(), c -> {
      c.registerBean("cyclicRepo", io.retrygen.spring.edgecases.EdgeCases.CyclicRepo.class,
          d -> d.setLazyInit(true));
      c.registerBean("repoHolder", io.retrygen.spring.edgecases.EdgeCases.RepoHolder.class,
          d -> d.setLazyInit(true));
    }, Contexts.VirtualTime.class, Deps.class, Translation.class);
    try (context) {
      // Spring fails an @Async or @Repository bean in a cycle too; this says which fix works.
      String message = failureOf(() -> context.getBean("cyclicRepo"));
      assertTrue(message.contains("is in a circular reference"), message);
      assertTrue(message.contains("inject this bean with @Lazy"), message);
    }
  }

  @Test
  void registerBeanWithConstructorArgumentsWithoutRetrygen() {
    Flaky given = new Flaky();
    try (AnnotationConfigApplicationContext context = context(Map.of(),
        c -> c.registerBean("two", TwoConstructors.class, given), Deps.class)) {
      assertEquals("flaky 0", context.getBean(TwoConstructors.class).via());
    }
  }

  private static final String XML_TWO = """
        <bean id="feed" class="io.retrygen.spring.fixtures.Flaky"/>
        <bean id="two" class="io.retrygen.spring.edgecases.EdgeCases$TwoConstructors">
          <constructor-arg index="0" ref="feed"/>
        </bean>
      """;

  @Test
  void xmlExplicitArgumentForAClassWithTwoConstructors() {
    try (AnnotationConfigApplicationContext context = xml(XML_TWO)) {
      assertEquals("flaky 0", context.getBean(TwoConstructors.class).via());
    }
  }

  @Test
  void xmlExplicitArgumentForAClassWithTwoConstructorsWithoutRetrygen() {
    try (AnnotationConfigApplicationContext context = context(Map.of(), c ->
        new XmlBeanDefinitionReader(c).loadBeanDefinitions(
            new ByteArrayResource(beansXml(XML_TWO))), Deps.class)) {
      assertEquals("flaky 0", context.getBean(TwoConstructors.class).via());
    }
  }

  // --- scoped proxies (request/session/refresh scope style) ------------------------------------

  private static void scoped(AnnotationConfigApplicationContext c, String name, Class<?> type,
      org.springframework.context.annotation.ScopedProxyMode mode) {
    org.springframework.beans.factory.annotation.AnnotatedGenericBeanDefinition definition =
        new org.springframework.beans.factory.annotation.AnnotatedGenericBeanDefinition(type);
    definition.setScope("prototype");
    org.springframework.beans.factory.config.BeanDefinitionHolder holder =
        org.springframework.aop.scope.ScopedProxyUtils.createScopedProxy(
            new org.springframework.beans.factory.config.BeanDefinitionHolder(definition, name), c,
            mode == org.springframework.context.annotation.ScopedProxyMode.TARGET_CLASS);
    c.registerBeanDefinition(holder.getBeanName(), holder.getBeanDefinition());
  }

  /** The attempts of one failing call through a scoped proxy (mode) of a bean of {@code type}. */
  private static int attemptsThroughAScopedProxy(
      Class<?> type,
      org.springframework.context.annotation.ScopedProxyMode mode,
      java.util.function.Consumer<Object> call) {
    try (AnnotationConfigApplicationContext context = context(Map.of(),
        c -> scoped(c, "scoped", type, mode), Contexts.VirtualTime.class, Deps.class)) {
      Object bean = context.getBean("scoped");
      return attempts(context.getBean(Counter.class), () -> call.accept(bean));
    }
  }

  @Test
  void aScopedProxyOfAClassBean() {
    assertEquals(3, attemptsThroughAScopedProxy(FieldInjected.class,
        org.springframework.context.annotation.ScopedProxyMode.TARGET_CLASS,
        bean -> ((FieldInjected) bean).work()));
  }

  @Test
  void aScopedInterfacesProxyOfAnInterfaceBeanRetriesOnce() {
    assertEquals(3, attemptsThroughAScopedProxy(PingImpl.class,
        org.springframework.context.annotation.ScopedProxyMode.INTERFACES,
        bean -> ((Ping) bean).ping()));
  }

  @Test
  void aScopedTargetClassProxyOfAnInterfaceBean() {
    assertEquals(3, attemptsThroughAScopedProxy(PingImpl.class,
        org.springframework.context.annotation.ScopedProxyMode.TARGET_CLASS,
        bean -> ((Ping) bean).ping()));
  }

  static class LazyClassUser {
    @Lazy @Autowired FieldInjected lazy;
  }

  @Test
  void lazyInjectionOfAClassBean() {
    try (AnnotationConfigApplicationContext context = Contexts.start(
        Contexts.VirtualTime.class, Deps.class, FieldInjected.class, LazyClassUser.class)) {
      assertEquals(3, attempts(context.getBean(Counter.class), context.getBean(LazyClassUser.class).lazy::work));
    }
  }

  // --- XML parent/child definitions ------------------------------------------------------------

  private static final String XML_PARENT = """
        <bean id="quoteFeed" class="io.retrygen.spring.fixtures.Flaky"/>
        <bean id="template" class="io.retrygen.spring.fixtures.Quotes" abstract="true">
          <constructor-arg index="1" value="CHF"/>
        </bean>
        <bean id="quotes" parent="template">
          <constructor-arg index="0" ref="quoteFeed"/>
        </bean>
      """;

  @Test
  void xmlChildOfAnAbstractParentDefinition() {
    try (AnnotationConfigApplicationContext context = xml(XML_PARENT)) {
      Quotes quotes = context.getBean(Quotes.class);
      assertSame(QuotesRetrying.class, quotes.getClass());
      assertEquals("1 CHF", quotes.quote());
    }
  }

  // --- an Advisor bean no auto-proxy creator applies ---------------------------------------------

  @Configuration(proxyBeanMethods = false)
  static class IdleAdvisor {
    @Bean
    org.springframework.aop.Advisor loggingAdvisor() {
      return new org.springframework.aop.support.DefaultPointcutAdvisor(
          (org.aopalliance.intercept.MethodInterceptor) invocation -> invocation.proceed());
    }
  }

  @Test
  void anAdvisorBeanWithoutAnyAutoProxyCreatorDoesNotFailAClassBean() {
    try (AnnotationConfigApplicationContext context = Contexts.start(
        Contexts.VirtualTime.class, Deps.class, IdleAdvisor.class, FieldInjected.class)) {
      assertEquals(3, attempts(context.getBean(Counter.class), context.getBean(FieldInjected.class)::work));
    }
  }

  private static String failureOf(Runnable start) {
    RuntimeException e = org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
        start::run);
    return TransactionsTest.rootMessage(e);
  }
}
