package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Mirrors;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.type.ExecutableType;

/** One method of the input's interface, and the declarations it overrides, nearest first. */
public final class MethodEntry {
  public final ExecutableElement method;
  public final ExecutableType type;
  final List<ExecutableElement> overridden = new ArrayList<>();
  /**
   * An interface's redeclaration of {@code Object.clone()} or {@code finalize()}: never guarded,
   * but a delegate must forward it, as {@code Object}'s protected method does not implement it.
   */
  public final boolean objectMethod;

  MethodEntry(ExecutableElement method, ExecutableType type, boolean objectMethod) {
    this.method = method;
    this.type = type;
    this.objectMethod = objectMethod;
  }

  /** Whether it, or a declaration it overrides, is a {@code @Recover} method: never guarded. */
  public boolean isRecover() {
    if (Mirrors.find(method, AnnotationNames.RECOVER) != null) {
      return true;
    }
    for (ExecutableElement each : overridden) {
      if (Mirrors.find(each, AnnotationNames.RECOVER) != null) {
        return true;
      }
    }
    return false;
  }
}
