package com.example.orders;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.retrygen.Backoff;
import io.retrygen.Recover;
import io.retrygen.Retryable;
import org.springframework.stereotype.Service;

/** Reads orders from the order service; a 5xx answer or a broken connection is retried. */
@Service
public class OrderClient {
  private final HttpClient http;
  private final URI baseUri;

  public OrderClient(HttpClient http, URI baseUri) {
    this.http = http;
    this.baseUri = baseUri;
  }

  @Retryable(retryFor = IOException.class, maxAttempts = 4,
      backoff = @Backoff(delay = 200, multiplier = 2, maxDelay = 2000))
  public String fetchOrder(String id) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(baseUri.resolve("/orders/" + id)).GET().build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 500) {
      throw new IOException("order service answered " + response.statusCode());
    }
    return response.body();
  }

  @Recover
  public String unknownOrder(IOException failure, String id) {
    return "{\"id\":\"" + id + "\",\"status\":\"UNKNOWN\"}";
  }
}
