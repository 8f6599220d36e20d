package io.retrygen.it;

import static java.util.Arrays.asList;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import io.retrygen.runtime.RetryOptions;
import io.retrygen.test.VirtualTime;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code @Backoff(delayFor = "retryAfter")} against a real HTTP server on the loopback interface
 * that answers 429 with {@code Retry-After: 7} twice, then 200. The waits run in virtual time: the
 * {@link VirtualTime} records them and returns at once.
 */
class RetryAfterHttpTest {
  private final AtomicInteger requests = new AtomicInteger();
  private HttpServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/quote/",
        exchange -> {
          try {
            if (requests.incrementAndGet() <= 2) {
              exchange.getResponseHeaders().set("Retry-After", "7");
              exchange.sendResponseHeaders(429, -1);
            } else {
              byte[] body = "ACME 42.00".getBytes(StandardCharsets.UTF_8);
              exchange.sendResponseHeaders(200, body.length);
              try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
              }
            }
          } finally {
            exchange.close();
          }
        });
    server.start();
  }

  @AfterEach
  void stopServer() {
    server.stop(0);
  }

  @Test
  void waitsAsLongAsTheServersRetryAfterSays() throws IOException {
    VirtualTime clock = VirtualTime.start();
    String baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
    QuoteApi api =
        new QuoteApiRetrying(
            new HttpQuoteApi(baseUrl),
            RetryOptions.builder()
                .sleeper(clock)
                .ticker(clock)
                .random(new QueueRandom()) // fails if drawn from: the waits are the server's
                .build());

    assertEquals("ACME 42.00", api.quote("ACME"));

    assertEquals(asList(7_000L, 7_000L), clock.sleeps());
    assertEquals(3, requests.get());
  }
}
