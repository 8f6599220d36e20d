package test;

public final class Response {
  private final int status;
  private final long retryAfterSeconds;

  public Response(int status, long retryAfterSeconds) {
    this.status = status;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public int status() {
    return status;
  }

  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }
}
