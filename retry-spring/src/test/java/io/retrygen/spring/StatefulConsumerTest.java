package io.retrygen.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.retrygen.spring.messaging.DeliveryLog;
import io.retrygen.spring.messaging.Downstream;
import io.retrygen.spring.messaging.JdbcMessageConsumer;
import io.retrygen.spring.messaging.Message;
import io.retrygen.spring.messaging.MessageConsumer;
import io.retrygen.spring.messaging.MessageConsumerRetrying;
import io.retrygen.test.RecordingListener;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * A transactional message consumer with {@code @Retryable(stateful = true)} (SPEC §19) behind a
 * broker that redelivers a message whenever the listener throws, as a JMS or Kafka listener
 * container does on rollback: each delivery is one transaction, a poison message is delivered
 * {@code maxAttempts} times and then dead-lettered, and the broker acknowledges it. The retry state
 * is process-wide, so every test uses message ids of its own.
 */
class StatefulConsumerTest {
  @Configuration(proxyBeanMethods = false)
  static class Database extends EmbeddedDatabase {
    @Override
    String schema() {
      return "messages.sql";
    }

    @Bean
    Downstream downstream() {
      return new Downstream();
    }

    @Bean
    DeliveryLog deliveryLog() {
      return new DeliveryLog();
    }

    @Bean
    MessageConsumer messageConsumer(JdbcTemplate jdbc, Downstream downstream, DeliveryLog log) {
      return new JdbcMessageConsumer(jdbc, downstream, log);
    }
  }

  /**
   * A queue and its listener loop: a delivery that throws is rolled back and the message put back
   * at the end of the queue; one that returns is acknowledged.
   */
  static final class Broker {
    /** More deliveries than any test needs: a consumer that never gives up fails the test. */
    private static final int RUNAWAY = 100;

    private final Deque<Message> queue = new ArrayDeque<>();
    /** {@code "ack id"} or {@code "nack id: message"}, one per delivery. */
    final List<String> log = new ArrayList<>();
    /** What the listener threw, one per failed delivery. */
    final List<RuntimeException> failures = new ArrayList<>();

    void publish(Message message) {
      queue.addLast(message);
    }

    void run(MessageConsumer listener) {
      int deliveries = 0;
      while (!queue.isEmpty()) {
        if (++deliveries > RUNAWAY) {
          throw new AssertionError("runaway redeliveries: " + log);
        }
        Message message = queue.pollFirst();
        try {
          listener.onMessage(message);
          log.add("ack " + message.id());
        } catch (RuntimeException e) {
          failures.add(e);
          log.add("nack " + message.id() + ": " + e.getMessage());
          queue.addLast(message.redelivered());
        }
      }
    }
  }

  private AnnotationConfigApplicationContext context;
  private MessageConsumer consumer;
  private JdbcTemplate jdbc;
  private Downstream downstream;
  private DeliveryLog deliveries;
  private final Broker broker = new Broker();

  @BeforeEach
  void start() {
    context = Contexts.start(Contexts.VirtualTime.class, Database.class);
    consumer = context.getBean(MessageConsumer.class);
    jdbc = context.getBean(JdbcTemplate.class);
    downstream = context.getBean(Downstream.class);
    deliveries = context.getBean(DeliveryLog.class);
  }

  @AfterEach
  void stop() {
    context.close();
  }

  private int entries(String id) {
    Integer count =
        jdbc.queryForObject(
            "select count(*) from entries where message_id = ?", Integer.class, id);
    return count == null ? 0 : count;
  }

  private List<Map<String, Object>> deadLetters() {
    return jdbc.queryForList("select message_id, body, reason from dead_letter order by message_id");
  }

  /** The recording listener's line of each label. */
  private String events() {
    return context.getBean(RecordingListener.class).toString();
  }

  @Test
  void theInterfaceBeanIsWrappedOutsideItsTransactionProxy() {
    assertInstanceOf(MessageConsumerRetrying.class, consumer, "wrapped outermost");
  }

  @Test
  void aPoisonMessageIsDeliveredMaxAttemptsTimesRolledBackEachTimeThenDeadLettered() {
    broker.publish(new Message("poison-1", "poison pill"));

    broker.run(consumer);

    assertEquals(
        List.of(
            "nack poison-1: cannot process poison-1",
            "nack poison-1: cannot process poison-1",
            "nack poison-1: cannot process poison-1",
            "ack poison-1"),
        broker.log);
    // The failures reached the broker as the consumer threw them.
    assertEquals(3, deliveries.thrown.size());
    for (int i = 0; i < 3; i++) {
      assertSame(deliveries.thrown.get(i), broker.failures.get(i));
    }
    assertEquals(List.of("poison-1", "poison-1", "poison-1"), downstream.forwarded());
    assertEquals(
        List.of("poison-1 rolled back", "poison-1 rolled back", "poison-1 rolled back"),
        deliveries.transactions,
        "one transaction per delivery; the fourth calls no listener");
    assertEquals(0, entries("poison-1"));
    assertEquals(
        List.of(
            Map.of(
                "MESSAGE_ID", "poison-1",
                "BODY", "poison pill",
                "REASON", "cannot process poison-1")),
        deadLetters());
    assertEquals(
        "MessageConsumer.onMessage: retry 1 (0 ms), retry 2 (0 ms), failure 3 ATTEMPTS_EXHAUSTED",
        events());
    assertEquals(List.of(), context.getBean(Contexts.RecordingSleeper.class).sleeps);
  }

  @Test
  void aGoodMessageIsCommittedOnItsFirstDelivery() {
    broker.publish(new Message("good-1", "one two three"));

    broker.run(consumer);

    assertEquals(List.of("ack good-1"), broker.log);
    assertEquals(List.of("good-1 committed"), deliveries.transactions);
    assertEquals(3, entries("good-1"));
    assertEquals(List.of(), deadLetters());
    assertEquals("MessageConsumer.onMessage: success 1", events());
  }

  @Test
  void aMessageThatFailsOnceIsCommittedOnceOnItsSecondDelivery() {
    downstream.failNext("flaky-1", 1);
    broker.publish(new Message("flaky-1", "four five"));

    broker.run(consumer);

    assertEquals(
        List.of("nack flaky-1: downstream unavailable for flaky-1", "ack flaky-1"), broker.log);
    assertEquals(List.of("flaky-1 rolled back", "flaky-1 committed"), deliveries.transactions);
    assertEquals(2, entries("flaky-1"), "the rows of the second delivery only");
    assertEquals(List.of(), deadLetters());
    assertEquals(
        "MessageConsumer.onMessage: retry 1 (0 ms), success 2", events());
  }

  @Test
  void afterASuccessTheMessageIdStartsAfresh() {
    downstream.failNext("again-1", 2);
    broker.publish(new Message("again-1", "six"));
    broker.run(consumer);
    downstream.failNext("again-1", 2);
    broker.publish(new Message("again-1", "seven"));

    broker.run(consumer);

    assertEquals(
        List.of(
            "nack again-1: downstream unavailable for again-1",
            "nack again-1: downstream unavailable for again-1",
            "ack again-1",
            "nack again-1: downstream unavailable for again-1",
            "nack again-1: downstream unavailable for again-1",
            "ack again-1"),
        broker.log);
    assertEquals(2, entries("again-1"));
    assertEquals(List.of(), deadLetters());
  }

  @Test
  void twoPoisonMessagesInterleavedKeepTheirOwnCounts() {
    broker.publish(new Message("poison-a", "poison a"));
    broker.publish(new Message("poison-b", "poison b"));
    broker.publish(new Message("good-2", "fine"));

    broker.run(consumer);

    assertEquals(
        List.of(
            "nack poison-a: cannot process poison-a",
            "nack poison-b: cannot process poison-b",
            "ack good-2",
            "nack poison-a: cannot process poison-a",
            "nack poison-b: cannot process poison-b",
            "nack poison-a: cannot process poison-a",
            "nack poison-b: cannot process poison-b",
            "ack poison-a",
            "ack poison-b"),
        broker.log);
    assertEquals(
        List.of("poison-a", "poison-b", "good-2", "poison-a", "poison-b", "poison-a", "poison-b"),
        downstream.forwarded());
    assertEquals(0, entries("poison-a"));
    assertEquals(0, entries("poison-b"));
    assertEquals(1, entries("good-2"));
    assertEquals(
        List.of(
            Map.of("MESSAGE_ID", "poison-a", "BODY", "poison a", "REASON", "cannot process poison-a"),
            Map.of("MESSAGE_ID", "poison-b", "BODY", "poison b", "REASON", "cannot process poison-b")),
        deadLetters());
  }
}
