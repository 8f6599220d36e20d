package test;

/** A message as a broker client delivers it: a new object on each delivery. */
public final class Message {
  private final String id;

  public Message(String id) {
    this.id = id;
  }

  public String id() {
    return id;
  }
}
