package com.example.inventory;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

import io.retrygen.Backoff;
import io.retrygen.Retryable;
import org.springframework.stereotype.Service;

/** Reads stock levels from the inventory service, with Spring Framework 7's retry. */
@Service
public class InventoryClient {
  private final HttpClient http;
  private final URI baseUri;

  public InventoryClient(HttpClient http, URI baseUri) {
    this.http = http;
    this.baseUri = baseUri;
  }

  @Retryable(retryFor = IOException.class, maxAttempts = 4, matchCauses = true, backoff = @Backoff(delay = 500, multiplier = 2, jitter = 0.2))
  public int stock(String sku) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(baseUri.resolve("/stock/" + sku)).GET().build();
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() >= 500) {
      throw new IOException("inventory service answered " + response.statusCode());
    }
    return Integer.parseInt(response.body().trim());
  }
}
