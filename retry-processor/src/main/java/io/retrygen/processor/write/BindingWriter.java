package io.retrygen.processor.write;

import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * The statements that bind each guarded method's policies to an instance's options, in the
 * constructors and {@code readObject} of a generated class, and in the constructors of the
 * nested classes that hold the guards of its further chunks ({@link MemberNames#CHUNK}).
 */
public final class BindingWriter {
  private BindingWriter() {}

  /**
   * Creates each listener class once for the instance, then binds each guarded method's policy
   * to {@code options}: one line per method, and one per further chunk, which binds its own
   * ({@link #holderConstructor}).
   */
  static void addBindings(
      MethodSpec.Builder constructor,
      CodeBlock options,
      NameAllocator names,
      MemberNames members) {
    Map<TypeName, String> listeners = new LinkedHashMap<>();
    for (TypeMirror listener : listenerTypes(members.methods())) {
      TypeName listenerType = TypeName.get(listener);
      String local = LoopLocals.newName(names, localName(listenerType));
      listeners.put(listenerType, local);
      if (((TypeElement) ((DeclaredType) listener).asElement()).getTypeParameters().isEmpty()) {
        constructor.addStatement("$1T $2N = new $1T()", listenerType, local);
      } else {
        // A generic listener class: new X() would be a raw type (-Xlint:rawtypes).
        constructor.addStatement(
            "$T $N = new $T<>()", Names.RETRY_LISTENER_TYPE, local, listenerType);
      }
    }
    bind(constructor, options, listeners, members.methods(0), members, null);
    for (int chunk = 1; chunk < members.chunkCount(); chunk++) {
      CodeBlock.Builder arguments = CodeBlock.builder();
      if (members.chunkHasHooks(chunk)) {
        arguments.add("this,$W"); // the holder creates the hooks, inner classes of this one
      }
      arguments.add("$L", options);
      for (TypeMirror listener : listenerTypes(members.methods(chunk))) {
        arguments.add(",$W$N", listeners.get(TypeName.get(listener)));
      }
      constructor.addStatement(
          "this.$N = new $N($L)",
          members.holderField(chunk),
          members.holderClass(chunk),
          arguments.build());
    }
  }

  /**
   * The constructor of the nested class that holds the guards of {@code chunk}: {@code
   * (RetryOptions options, RetryListener counting, ...)}, the instances of the listener classes its
   * methods name, created once by the generated class; first {@code ClientRetrying<?> outer} when
   * a method has hooks, which are inner classes of the generated class.
   *
   * @param outerType the generated class, with a wildcard for each of its type variables
   */
  static MethodSpec holderConstructor(MemberNames members, int chunk, TypeName outerType) {
    List<GuardedMethod> methods = members.methods(chunk);
    NameAllocator names = new NameAllocator();
    for (GuardedMethod method : methods) {
      names.newName(members.policyConstant(method), new Object());
    }
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder().addJavadoc("Binds the policies of these methods.\n\n");
    String outer = null;
    if (members.chunkHasHooks(chunk)) {
      outer = LoopLocals.newName(names, "outer");
      constructor
          .addJavadoc("@param $N the instance whose methods the hooks call\n", outer)
          .addParameter(outerType, outer);
    }
    String options = LoopLocals.newName(names, "options");
    constructor
        .addJavadoc("@param $N $L\n", options, ConstructorWriter.OPTIONS_DOC)
        .addParameter(Names.RETRY_OPTIONS, options);
    Map<TypeName, String> listeners = new LinkedHashMap<>();
    for (TypeMirror listener : listenerTypes(methods)) {
      TypeName listenerType = TypeName.get(listener);
      String parameter = LoopLocals.newName(names, localName(listenerType));
      listeners.put(listenerType, parameter);
      constructor
          .addJavadoc("@param $N the instance's {@code $T}\n", parameter, listenerType)
          .addParameter(Names.RETRY_LISTENER_TYPE, parameter);
    }
    bind(constructor, CodeBlock.of("$N", options), listeners, methods, members, outer);
    return constructor.build();
  }

  /**
   * {@code this.chargeRetrier = CHARGE_POLICY.bind(options, new ChargeHooks(), listener)}, per
   * guard ({@link GuardWriter#bind}).
   *
   * @param outer what the hooks are created on, null for this instance itself
   */
  private static void bind(
      MethodSpec.Builder constructor,
      CodeBlock options,
      Map<TypeName, String> listeners,
      List<GuardedMethod> methods,
      MemberNames members,
      String outer) {
    for (GuardedMethod method : methods) {
      for (GuardWriter guard : GuardWriter.ALL) {
        if (guard.guards(method)) {
          guard.bind(constructor, method, members, options, listeners, outer);
        }
      }
    }
  }

  /** The listener classes {@code methods} name, each once, in the order they are first named. */
  private static List<TypeMirror> listenerTypes(Iterable<GuardedMethod> methods) {
    Map<TypeName, TypeMirror> types = new LinkedHashMap<>();
    for (GuardedMethod method : methods) {
      for (TypeMirror listener : listeners(method)) {
        types.putIfAbsent(TypeName.get(listener), listener);
      }
    }
    return new ArrayList<>(types.values());
  }

  /** {@code countingListener} for {@code CountingListener}. */
  private static String localName(TypeName listenerType) {
    String simpleName = ((ClassName) listenerType).simpleName();
    return Character.toLowerCase(simpleName.charAt(0)) + simpleName.substring(1);
  }

  private static List<? extends TypeMirror> listeners(GuardedMethod method) {
    return method.retry() == null
        ? Collections.<TypeMirror>emptyList()
        : method.retry().listeners();
  }
}
