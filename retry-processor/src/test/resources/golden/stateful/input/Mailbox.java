package test;

import io.retrygen.Recover;
import io.retrygen.Retryable;
import java.io.IOException;

/** Stateful methods of an interface: keys of several arguments, none, and a default method. */
public interface Mailbox {
  /** Keyed by the list of its arguments. */
  @Retryable(stateful = true, maxAttempts = 5, matchCauses = true, retryFor = IOException.class)
  String deliver(String to, int priority, String body) throws IOException;

  /** One key for every call. */
  @Retryable(stateful = true, maxDuration = 5000)
  void flush();

  /** Keyed by a default method, called on the delegate. */
  @Retryable(stateful = true, stateKey = "folderKey")
  int archive(String folder, boolean compress) throws IOException;

  default String folderKey(String folder) {
    return folder.trim();
  }

  @Recover
  default String undeliverable(IOException failure, String to) {
    return "bounced:" + to;
  }
}
