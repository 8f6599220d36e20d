package io.retrygen.it;

/** Not annotated; its default method is inherited by {@link GreeterService}. */
interface Greeter {
  Script script();

  default String greet(String name) {
    script().call();
    return "hello " + name;
  }
}
