package io.retrygen.processor.elements;

import com.squareup.javapoet.ClassName;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Sealed inputs: accepted only when their {@code permits} clause names the generated
 * class. The processor is built with {@code --release 8}, where neither {@code Modifier.SEALED}
 * nor {@code TypeElement.getPermittedSubclasses()} exists, so both are reached by name.
 */
public final class SealedTypes {
  private SealedTypes() {}

  /** Whether {@code type} is {@code sealed}; compared by name, as javac 8 has no such modifier. */
  public static boolean isSealed(TypeElement type) {
    for (Modifier modifier : type.getModifiers()) {
      if (modifier.name().equals("SEALED")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether the permits clause of sealed {@code type} names its generated class. Without a permits
   * clause javac permits only the subclasses in the same file, which the generated class is not.
   *
   * <p>{@code getPermittedSubclasses()} is called through reflection, on the compiler's own {@code
   * TypeElement}, inside the processor only (generated code never uses reflection): the method is
   * missing from the {@code --release 8} API we compile against, but present on every javac that
   * can compile a {@code sealed} type, the only time this is called. The alternatives are worse:
   * the Compiler Tree API's {@code ClassTree.getPermitsClause()} is JDK 17 API too and needs the
   * source tree (absent for a class file), and a multi-release processor jar would need a second
   * build. Should the call fail anyway, the type counts as permitting the class: javac then
   * reports the generated class itself, as it did before this check.
   */
  public static boolean permitsGenerated(TypeElement type) {
    List<?> permitted;
    try {
      Method method = TypeElement.class.getMethod("getPermittedSubclasses");
      permitted = (List<?>) method.invoke(type);
    } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException
        | ClassCastException e) {
      return true;
    }
    ClassName generated = GeneratedNames.retryingClass(type);
    for (Object each : permitted) {
      if (each instanceof TypeMirror && names((TypeMirror) each, generated)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code permitted} is the generated class. It does not exist yet while the input is
   * processed, so javac hands it over as an error type that carries the name as written: the
   * simple name, resolved in the input's package like the generated class, or the qualified one.
   */
  private static boolean names(TypeMirror permitted, ClassName generated) {
    if (permitted.getKind() == TypeKind.DECLARED) {
      TypeElement element = (TypeElement) ((DeclaredType) permitted).asElement();
      return element.getQualifiedName().contentEquals(generated.canonicalName());
    }
    String written = permitted.toString();
    return written.equals(generated.simpleName()) || written.equals(generated.canonicalName());
  }
}
