package test;

import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;
import reactor.core.publisher.Mono;

/** An open class: the generated subclass overrides its Mono method. */
public class Catalog {
  @Retryable(retryFor = IOException.class, maxAttempts = 3)
  public Mono<String> title(long id) {
    return Mono.just("title " + id);
  }

  @Recover
  protected String untitled(IOException failure, long id) {
    return "untitled " + id;
  }
}
