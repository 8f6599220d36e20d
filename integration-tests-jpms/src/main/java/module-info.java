/** A user's module: the runtime module is all it requires; the annotations come with it. */
module com.example.inventory {
  requires io.retrygen.runtime;
}
