package io.retrygen.processor.model;

import com.squareup.javapoet.ClassName;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * Everything the writer needs about one input type; the writer asks javax.lang.model nothing new.
 */
public final class RetryableType {
  private final TypeElement element;
  private final ClassName generatedName;
  private final List<GuardedMethod> methods;
  private final List<ConstructorPlan> constructors;
  private final boolean serializable;
  private final DeprecatedUses typeUses;
  private final DeprecatedUses listenerUses;
  private final boolean interruptibleClose;
  private final Set<String> shadowedJavaLangNames;
  private final Set<String> typeNamesInScope;
  private final Set<String> fieldNames;
  private final Set<String> methodNames;
  private final Set<String> importedDeprecated;
  private final List<UnusedRecover> unusedRecovers;

  /** A {@code @Recover} method of the input that fits none of its guarded methods, and why. */
  public static final class UnusedRecover {
    public final ExecutableElement method;
    /** The end of the warning: {@code ". The closest, m(..), does not fit because ..."}. */
    public final String why;

    public UnusedRecover(ExecutableElement method, String why) {
      this.method = method;
      this.why = why;
    }
  }

  public RetryableType(
      TypeElement element,
      ClassName generatedName,
      List<GuardedMethod> methods,
      List<ConstructorPlan> constructors,
      boolean serializable,
      DeprecatedUses typeUses,
      DeprecatedUses listenerUses,
      boolean interruptibleClose,
      Set<String> shadowedJavaLangNames,
      Set<String> typeNamesInScope,
      Set<String> fieldNames,
      Set<String> methodNames,
      Set<String> importedDeprecated,
      List<UnusedRecover> unusedRecovers) {
    this.element = element;
    this.generatedName = generatedName;
    this.methods = methods;
    this.constructors = constructors;
    this.serializable = serializable;
    this.typeUses = typeUses;
    this.listenerUses = listenerUses;
    this.interruptibleClose = interruptibleClose;
    this.shadowedJavaLangNames = shadowedJavaLangNames;
    this.typeNamesInScope = typeNamesInScope;
    this.fieldNames = fieldNames;
    this.methodNames = methodNames;
    this.importedDeprecated = importedDeprecated;
    this.unusedRecovers = unusedRecovers;
  }

  public TypeElement element() {
    return element;
  }

  public boolean isInterface() {
    return element.getKind().isInterface();
  }

  public ClassName generatedName() {
    return generatedName;
  }

  /** In source order of the input, then its supertypes: guarded, and for a delegate forwarded. */
  public List<GuardedMethod> methods() {
    return methods;
  }

  /** The plan for {@code method}, a declaration the input sees most specifically; null if none. */
  public GuardedMethod method(ExecutableElement method) {
    for (GuardedMethod each : methods) {
      if (each.method().equals(method)) {
        return each;
      }
    }
    return null;
  }

  /** The input class's non-private constructors; empty for an interface. */
  public List<ConstructorPlan> constructors() {
    return constructors;
  }

  /**
   * Whether the input implements {@code Serializable}: the generated class then suppresses
   * "serial", keeps its retriers transient and binds them again in {@code readObject}.
   */
  public boolean serializable() {
    return serializable;
  }

  /**
   * Whether the input or a type enclosing it is deprecated, or a bound of its type parameters
   * names a deprecated type: the generated class, which names them in its header and body,
   * suppresses the warning as a whole.
   */
  public boolean deprecated() {
    return typeUses.deprecated();
  }

  /** What the generated class names in its header that is deprecated: the input, the bounds. */
  public DeprecatedUses typeUses() {
    return typeUses;
  }

  /**
   * What the constructors that create the listener instances name that is deprecated: the
   * listener classes.
   */
  public DeprecatedUses listenerUses() {
    return listenerUses;
  }

  /**
   * Whether the input is {@code AutoCloseable} with a {@code close()} that may throw {@code
   * InterruptedException}, which javac warns about on the generated class ({@code "try"}).
   */
  public boolean interruptibleClose() {
    return interruptibleClose;
  }

  /**
   * The names of {@code java.lang} types that a type of the input's package shadows in the
   * generated class, sorted: the generated code writes those types qualified.
   */
  public Set<String> shadowedJavaLangNames() {
    return shadowedJavaLangNames;
  }

  /**
   * The simple names that already name a type in the generated class (types of the package,
   * inherited member types, the type parameters), sorted: a nested class it declares avoids them.
   */
  public Set<String> typeNamesInScope() {
    return typeNamesInScope;
  }

  /**
   * The names of the fields the generated class inherits, sorted: in its bodies they obscure
   * classes of the same name (JLS 6.4.2), as its parameters do.
   */
  public Set<String> fieldNames() {
    return fieldNames;
  }

  /**
   * The names of the instance methods the generated class has, inherited or its own, sorted: a
   * method imported statically by a name among them would be shadowed.
   */
  public Set<String> methodNames() {
    return methodNames;
  }

  /**
   * The simple names of the deprecated top-level types of other packages that the generated class
   * names, sorted: it names them qualified, never in an import, which {@code javac -source 8}
   * would report as deprecated beyond the reach of {@code @SuppressWarnings}.
   */
  public Set<String> importedDeprecated() {
    return importedDeprecated;
  }

  /** The input's own {@code @Recover} methods that fit none of its guarded methods. */
  public List<UnusedRecover> unusedRecovers() {
    return unusedRecovers;
  }
}
