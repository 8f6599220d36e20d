package io.retrygen.processor.elements;

import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Types;

/**
 * What the processor knows about inputs compiled from Kotlin: a kapt stub, or a class
 * file, carries {@code kotlin.Metadata}. Such inputs get messages in Kotlin terms. Nothing here
 * needs Kotlin on the processor path: every Kotlin type is looked at by name only.
 */
public final class KotlinSupport {
  public static final String METADATA = "kotlin.Metadata";
  public static final String CONTINUATION = "kotlin.coroutines.Continuation";
  public static final String FLOW = "kotlinx.coroutines.flow.Flow";
  /** What a {@code suspend} function returning nothing completes with. */
  public static final String UNIT = "kotlin.Unit";

  /** The fix for a body in {@code DefaultImpls}, for both Kotlin 1.x and 2.x compilers. */
  public static final String JVM_DEFAULT_FIX =
      "Compile with -jvm-default=enable (Kotlin 2.2+; -Xjvm-default=all before 2.2)";

  private KotlinSupport() {}

  /** Whether {@code element} is, or is declared in, a type compiled from Kotlin. */
  public static boolean isKotlin(Element element) {
    for (Element e = element; e != null; e = e.getEnclosingElement()) {
      if (e instanceof TypeElement && Mirrors.find(e, METADATA) != null) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code method} is a Kotlin {@code suspend} function: on the JVM (in a kapt stub, a
   * class file, or a Java class that implements one) its last parameter is a {@code
   * kotlin.coroutines.Continuation} and it returns {@code Object}.
   */
  public static boolean isSuspend(ExecutableElement method) {
    return continuationOf((ExecutableType) method.asType()) != null;
  }

  /**
   * The {@code Continuation<? super T>} of a {@code suspend} function of type {@code method}: its
   * last parameter, when that is a {@code kotlin.coroutines.Continuation} and it returns {@code
   * Object}; else null.
   */
  public static DeclaredType continuationOf(ExecutableType method) {
    List<? extends TypeMirror> parameters = method.getParameterTypes();
    if (parameters.isEmpty() || !FutureTypes.is(method.getReturnType(), "java.lang.Object")) {
      return null;
    }
    TypeMirror last = parameters.get(parameters.size() - 1);
    return FutureTypes.is(last, CONTINUATION) ? (DeclaredType) last : null;
  }

  /** A suspend function as Kotlin code shows it: {@code charge(String)}, no continuation. */
  public static String suspendSignature(ExecutableElement method) {
    StringBuilder result = new StringBuilder().append(method.getSimpleName()).append('(');
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size() - 1; i++) {
      result.append(i == 0 ? "" : ", ").append(Messages.typeName(parameters.get(i).asType()));
    }
    return result.append(')').toString();
  }

  /**
   * Whether abstract interface method {@code method} has its body in the interface's {@code
   * DefaultImpls} class: Kotlin before 2.2, or with {@code -jvm-default=disable}, compiles an
   * interface function with a body to an abstract method plus a static {@code
   * DefaultImpls.name(Iface $this, params...)}, which the generated delegate cannot call as the
   * interface's method.
   */
  public static boolean hasBodyInDefaultImpls(ExecutableElement method, Types types) {
    Element owner = method.getEnclosingElement();
    if (!method.getModifiers().contains(Modifier.ABSTRACT)
        || !owner.getKind().isInterface()
        || !isKotlin(owner)) {
      return false;
    }
    for (TypeElement nested : ElementFilter.typesIn(owner.getEnclosedElements())) {
      if (!nested.getSimpleName().contentEquals("DefaultImpls")) {
        continue;
      }
      for (ExecutableElement body : ElementFilter.methodsIn(nested.getEnclosedElements())) {
        if (body.getModifiers().contains(Modifier.STATIC)
            && body.getSimpleName().equals(method.getSimpleName())
            && Declarations.takesThen(types, body, owner.asType(), method)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * Whether {@code type} is the {@code DefaultImpls} class Kotlin writes into an interface for its
   * functions with a body: with {@code -jvm-default=enable} (the default of Kotlin 2.2) a static
   * bridge {@code name(Iface $this, params...)} next to the default method, without JVM default
   * methods the only body. kapt copies the function's annotations onto it, so a {@code @Recover}
   * function shows up a second time there, static. It is never an input: the interface is.
   */
  public static boolean isDefaultImpls(TypeElement type) {
    Element owner = type.getEnclosingElement();
    return type.getSimpleName().contentEquals("DefaultImpls")
        && owner != null
        && owner.getKind().isInterface()
        && isKotlin(owner);
  }

  /** Why a method with its body in {@code DefaultImpls} cannot be called, for messages. */
  public static String defaultImplsCause(ExecutableElement method) {
    return "Kotlin put its body in "
        + method.getEnclosingElement().getSimpleName()
        + ".DefaultImpls (as it does without JVM default methods: Kotlin < 2.2, or"
        + " -jvm-default=disable), where the generated class cannot call it";
  }
}
