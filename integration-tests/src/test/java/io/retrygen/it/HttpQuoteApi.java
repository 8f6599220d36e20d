package io.retrygen.it;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;

/** {@link QuoteApi} over HTTP, with {@link HttpURLConnection}: 429 and 503 become failures. */
final class HttpQuoteApi implements QuoteApi {
  private final String baseUrl;

  HttpQuoteApi(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  @Override
  public String quote(String symbol) throws IOException {
    HttpURLConnection connection =
        (HttpURLConnection) new URL(baseUrl + "/quote/" + symbol).openConnection();
    try {
      int status = connection.getResponseCode();
      if (status == 429 || status == 503) {
        String retryAfter = connection.getHeaderField("Retry-After");
        throw new TooManyRequestsException(
            status, retryAfter == null ? -1L : Long.parseLong(retryAfter.trim()));
      }
      if (status != 200) {
        throw new IOException("HTTP " + status);
      }
      try (InputStream body = connection.getInputStream()) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] buffer = new byte[256];
        for (int n; (n = body.read(buffer)) != -1; ) {
          bytes.write(buffer, 0, n);
        }
        return new String(bytes.toByteArray(), StandardCharsets.UTF_8);
      }
    } finally {
      connection.disconnect();
    }
  }
}
