package com.example.prices;

import io.retrygen.runtime.BackoffPolicy;
import io.retrygen.runtime.RetryTemplate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;

/** Reads prices with a template instead of an annotation: the request is built per call. */
public class PriceClient {
  private final HttpClient http;
  private final URI baseUri;
  private final RetryTemplate retry = RetryTemplate.builder()
      .maxAttempts(5)
      .backoff(BackoffPolicy.exponential(100, 2.0, 2000).withRandom())
      .retryOn(IOException.class)
      .notRetryOn(HttpTimeoutException.class)
      .build();

  public PriceClient(HttpClient http, URI baseUri) {
    this.http = http;
    this.baseUri = baseUri;
  }

  public String price(String sku) throws IOException {
    return retry.execute(context -> send("/prices/" + sku));
  }

  public String priceOrUnknown(String sku) throws IOException {
    return retry.execute(context -> send("/prices/" + sku), context -> "unknown");
  }

  private String send(String path) throws IOException {
    HttpRequest request = HttpRequest.newBuilder(baseUri.resolve(path)).GET().build();
    try {
      HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() >= 500) {
        throw new IOException("price service answered " + response.statusCode());
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UncheckedIOException(new IOException("interrupted", e));
    }
  }
}
