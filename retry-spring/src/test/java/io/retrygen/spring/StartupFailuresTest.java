package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.spring.fixtures.Flaky;
import io.retrygen.spring.fixtures.ListeningPricing;
import io.retrygen.spring.fixtures.Quotes;
import io.retrygen.spring.fixtures.ScheduledPricing;
import io.retrygen.spring.fixtures.TwoContracts;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What cannot be retried as written fails at start-up, naming the bean, the cause and the fix. */
class StartupFailuresTest {
  @Configuration(proxyBeanMethods = false)
  static class PlainFromBeanMethod {
    @Bean
    Quotes quotes() {
      return new Quotes(new Flaky(), "EUR");
    }
  }

  @Test
  void aBeanMethodReturningThePlainClass() {
    String message = failure(PlainFromBeanMethod.class);
    assertTrue(message.contains("retrygen: bean 'quotes' is a plain " + Quotes.class.getName()
        + ", not the generated " + Quotes.class.getName() + "Retrying"), message);
    assertTrue(message.contains("Fix: return new QuotesRetrying(options, ...) from the @Bean method"),
        message);
  }

  static class SpecialQuotes extends Quotes {
    SpecialQuotes() {
      super(new Flaky(), "EUR");
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class SubclassOfInput {
    @Bean
    Quotes quotes() {
      return new SpecialQuotes();
    }
  }

  @Test
  void aSubclassOfAnInputClass() {
    String message = failure(SubclassOfInput.class);
    assertTrue(message.contains("is an instance of " + SpecialQuotes.class.getName() + ", a subclass of "
        + Quotes.class.getName()), message);
    assertTrue(message.contains("put a retrygen annotation on SpecialQuotes"), message);
  }

  @Configuration(proxyBeanMethods = false)
  static class TwoGuardedInterfaces {
    @Bean
    TwoContracts both() {
      return new TwoContracts();
    }
  }

  @Test
  void aBeanWithTwoGuardedInterfaces() {
    String message = failure(TwoGuardedInterfaces.class);
    assertTrue(message.contains("bean 'both' (" + TwoContracts.class.getName() + ") implements"),
        message);
    assertTrue(message.contains("one delegate can stand for one interface only"), message);
  }

  @Configuration(proxyBeanMethods = false)
  static class ScheduledOnWrapped {
    @Bean
    ScheduledPricing pricing() {
      return new ScheduledPricing();
    }
  }

  @Test
  void scheduledOnTheClassOfAWrappedBean() {
    String message = failure(ScheduledOnWrapped.class);
    assertTrue(message.contains("its method price() has @Scheduled"), message);
    assertTrue(message.contains("so it would silently do nothing"), message);
  }

  @Configuration(proxyBeanMethods = false)
  static class ListenerOnWrapped {
    @Bean
    ListeningPricing pricing() {
      return new ListeningPricing();
    }
  }

  @Test
  void aCallbackInterfaceOnTheClassOfAWrappedBean() {
    String message = failure(ListenerOnWrapped.class);
    assertTrue(message.contains("its class also implements ApplicationListener"), message);
    assertTrue(message.contains("it would silently never be called"), message);
  }

  private static String failure(Class<?> configuration) {
    BeanCreationException e =
        assertThrows(
            BeanCreationException.class,
            () -> Contexts.start(Contexts.VirtualTime.class, configuration).close());
    return TransactionsTest.rootMessage(e);
  }
}
