package io.retrygen.example.orders;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.http.HttpRequest;
import org.springframework.http.client.ClientHttpResponse;
import org.springframework.web.client.RestClient;

/**
 * An order service on Spring Boot with retry-spring on the class path, and nothing else to switch
 * retries on: no {@code @EnableRetrygen}, the auto-configuration does it.
 *
 * <p>Run as it is, it starts on a free port, places three orders through its own HTTP endpoint,
 * prints the {@code retrygen.calls} and {@code retrygen.retries} meters from the Actuator and
 * stops. With {@code --keep-running} it stays up on port 8080 (or {@code --server.port=...}).
 */
@SpringBootApplication
public class OrdersApplication {
  public static void main(String[] args) {
    boolean keepRunning = Arrays.asList(args).contains("--keep-running");
    SpringApplication application = new SpringApplication(OrdersApplication.class);
    if (!keepRunning) {
      application.setDefaultProperties(Map.of("server.port", "0"));
    }
    ConfigurableApplicationContext context = application.run(args);
    String base = "http://localhost:" + context.getEnvironment().getProperty("local.server.port");
    if (keepRunning) {
      System.out.println("Listening on " + base + ": POST /orders {\"sku\":\"...\",\"quantity\":1},"
          + " GET /orders, GET /actuator/metrics/retrygen.calls");
      return;
    }
    try (context) {
      demo(RestClient.create(base));
    }
  }

  private static void demo(RestClient http) {
    String[][] orders = {{"kettle", "1"}, {"teapot", "2"}, {"mug", "6"}};
    for (String[] order : orders) {
      String request = "{\"sku\":\"" + order[0] + "\",\"quantity\":" + order[1] + "}";
      System.out.println();
      System.out.println("POST /orders " + request);
      System.out.println("  <- " + http.post().uri("/orders")
          .header("Content-Type", "application/json")
          .body(request)
          .exchange(OrdersApplication::statusAndBody));
    }
    System.out.println();
    for (String meter : new String[] {"retrygen.calls", "retrygen.retries"}) {
      System.out.println("GET /actuator/metrics/" + meter);
      System.out.println("  <- " + http.get().uri("/actuator/metrics/" + meter)
          .exchange(OrdersApplication::statusAndBody));
    }
  }

  /** The status and the body of any response, 503 included (a failure is part of the demo). */
  private static String statusAndBody(HttpRequest request, ClientHttpResponse response)
      throws IOException {
    return response.getStatusCode().value() + " "
        + new String(response.getBody().readAllBytes(), StandardCharsets.UTF_8);
  }
}
