package io.retrygen.processor;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.TypeVariableName;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;

/**
 * The constructors of a generated class, and the {@code readObject} of a serializable one: each
 * binds every guarded method's policies to the instance's options in one line per guard.
 */
final class ConstructorWriter {
  private ConstructorWriter() {}

  /** {@code (Input delegate)} with the defaults, and {@code (Input delegate, RetryOptions)}. */
  static void addDelegateConstructors(
      TypeSpec.Builder type,
      TypeName inputType,
      Modifier[] visibility,
      MemberNames members) {
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addJavadoc("Retries calls to {@code delegate} with {@link $T#defaults()}.\n",
                Names.RETRY_OPTIONS)
            .addModifiers(visibility)
            .addParameter(inputType, "delegate")
            .addStatement("this(delegate, $T.defaults())", Names.RETRY_OPTIONS)
            .build());
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addJavadoc("Retries calls to {@code delegate} with {@code options}.\n")
            .addModifiers(visibility)
            .addParameter(inputType, "delegate")
            .addParameter(Names.RETRY_OPTIONS, "options")
            .addStatement(
                "this.delegate = $T.requireNonNull(delegate, $S)", Objects.class, "delegate == null");
    addBindings(constructor, CodeBlock.of("options"), allocator(members, "delegate", "options"),
        members);
    type.addMethod(constructor.build());
  }

  /**
   * For a constructor of the input class, as its {@link ConstructorPlan} says: the same
   * constructor, and (usually) one with a leading {@code RetryOptions} parameter.
   */
  static void addSubclassConstructors(
      TypeSpec.Builder type,
      ConstructorPlan plan,
      Modifier[] visibility,
      MemberNames members) {
    ExecutableElement superConstructor = plan.constructor();
    // The constructors name RetryOptions (and io.retrygen.runtime.RetryOptions when the simple
    // name is taken) and the policy constants in expressions, where a parameter of the same name
    // would obscure or shadow them (JLS 6.4.2).
    NameAllocator names = allocator(members, "RetryOptions", "io");
    List<ParameterSpec> parameters = new ArrayList<>();
    List<String> arguments = new ArrayList<>();
    for (VariableElement parameter : superConstructor.getParameters()) {
      String name = LoopLocals.newName(names, parameter.getSimpleName().toString());
      parameters.add(ParameterSpec.builder(TypeName.get(parameter.asType()), name).build());
      arguments.add(name);
    }
    String options = LoopLocals.newName(names, "options");
    String argumentList = String.join(", ", arguments);
    // Explicit, as for methods (see OverrideTypes.typeArguments): <Q>super(q).
    CodeBlock typeArguments = OverrideTypes.typeArguments(superConstructor.getTypeParameters());

    MethodSpec.Builder plain = constructorLike(superConstructor, visibility);
    plain.addParameters(parameters);
    switch (plan.kind()) {
      case REGULAR:
        plain.addJavadoc("Calls {@code super($L)} and retries with {@link $T#defaults()}.\n",
            argumentList, Names.RETRY_OPTIONS);
        plain.addStatement(
            "$Lthis($T.defaults()$L)",
            typeArguments,
            Names.RETRY_OPTIONS,
            arguments.isEmpty() ? "" : ", " + argumentList);
        break;
      case PLAIN_ONLY:
        // (RetryOptions, these...) is another constructor's: this one cannot delegate to it.
        plain.addJavadoc("Calls {@code super($L)} and retries with {@link $T#defaults()}.\n",
            argumentList, Names.RETRY_OPTIONS);
        plain.addStatement("$Lsuper($L)", typeArguments, argumentList);
        plain.addStatement("$T $N = $T.defaults()", Names.RETRY_OPTIONS, options,
            Names.RETRY_OPTIONS);
        addBindings(plain, CodeBlock.of("$N", options), names, members);
        break;
      case SHARES_OPTIONS:
        plain.addJavadoc("Calls {@code super($L)} and retries with {@code $L}.\n",
            argumentList, arguments.get(0));
        plain.addStatement("$Lsuper($L)", typeArguments, argumentList);
        addBindings(plain, CodeBlock.of("$N", arguments.get(0)), names, members);
        break;
    }
    type.addMethod(plain.build());
    if (plan.kind() != ConstructorPlan.Kind.REGULAR) {
      return;
    }
    MethodSpec.Builder withOptions = constructorLike(superConstructor, visibility);
    withOptions.addJavadoc("Calls {@code super($L)} and retries with {@code $L}.\n",
        argumentList, options);
    withOptions.addParameter(Names.RETRY_OPTIONS, options);
    withOptions.addParameters(parameters);
    withOptions.addStatement("$Lsuper($L)", typeArguments, argumentList);
    addBindings(withOptions, CodeBlock.of("$N", options), names, members);
    type.addMethod(withOptions.build());
  }

  /** Locals and parameters of a constructor must not shadow the policy constants it names. */
  private static NameAllocator allocator(MemberNames members, String... taken) {
    NameAllocator names = new NameAllocator();
    for (GuardedMethod method : members.methods()) {
      names.newName(members.policyConstant(method), new Object());
    }
    for (String name : taken) {
      names.newName(name, new Object());
    }
    return names;
  }

  /**
   * After a serializable instance was read: its retry state was not written (SPEC §2), so it
   * retries with {@code RetryOptions.defaults()} and new instances of the listener classes.
   */
  static MethodSpec readObject(MemberNames members) {
    MethodSpec.Builder readObject =
        MethodSpec.methodBuilder("readObject")
            .addModifiers(Modifier.PRIVATE)
            .addParameter(ObjectInputStream.class, "in")
            .addException(IOException.class)
            .addException(ClassNotFoundException.class)
            .addStatement("in.defaultReadObject()")
            .addComment("The retry state is not serialized: it starts afresh with the defaults.");
    addBindings(readObject, CodeBlock.of("$T.defaults()", Names.RETRY_OPTIONS),
        allocator(members, "in"), members);
    return readObject.build();
  }

  private static MethodSpec.Builder constructorLike(
      ExecutableElement superConstructor, Modifier[] visibility) {
    MethodSpec.Builder builder = MethodSpec.constructorBuilder().addModifiers(visibility);
    if (superConstructor.getAnnotation(Deprecated.class) != null) {
      builder.addAnnotation(Deprecated.class);
    }
    for (TypeParameterElement typeParameter : superConstructor.getTypeParameters()) {
      builder.addTypeVariable(TypeVariableName.get(typeParameter));
    }
    List<TypeMirror> parameterTypes = new ArrayList<>();
    for (VariableElement parameter : superConstructor.getParameters()) {
      parameterTypes.add(parameter.asType());
    }
    AnnotationSpec suppress =
        SignatureWriter.suppressWarnings(null, parameterTypes, superConstructor.isVarArgs());
    if (suppress != null) {
      builder.addAnnotation(suppress);
    }
    builder.varargs(superConstructor.isVarArgs());
    for (TypeMirror thrown : superConstructor.getThrownTypes()) {
      builder.addException(TypeName.get(thrown));
    }
    return builder;
  }

  /**
   * Creates each listener class once for the instance, then binds each guarded method's policy
   * to {@code options}: one line per method, and one per further chunk, which binds its own
   * ({@link #holderConstructor}).
   */
  private static void addBindings(
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
    bind(constructor, options, listeners, members.methods(0), members);
    for (int chunk = 1; chunk < members.chunkCount(); chunk++) {
      CodeBlock.Builder arguments = CodeBlock.builder().add("$L", options);
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
   * The constructor of the nested class that holds the guards of {@code chunk}: {@code (RetryOptions
   * options, RetryListener counting, ...)}, the instances of the listener classes its methods name,
   * created once by the generated class.
   */
  static MethodSpec holderConstructor(MemberNames members, int chunk) {
    List<GuardedMethod> methods = members.methods(chunk);
    NameAllocator names = new NameAllocator();
    for (GuardedMethod method : methods) {
      names.newName(members.policyConstant(method), new Object());
    }
    String options = LoopLocals.newName(names, "options");
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder().addParameter(Names.RETRY_OPTIONS, options);
    Map<TypeName, String> listeners = new LinkedHashMap<>();
    for (TypeMirror listener : listenerTypes(methods)) {
      TypeName listenerType = TypeName.get(listener);
      String parameter = LoopLocals.newName(names, localName(listenerType));
      listeners.put(listenerType, parameter);
      constructor.addParameter(Names.RETRY_LISTENER_TYPE, parameter);
    }
    bind(constructor, CodeBlock.of("$N", options), listeners, methods, members);
    return constructor.build();
  }

  /** {@code this.chargeRetrier = CHARGE_POLICY.bind(options, listener)}, per guard of {@code methods}. */
  private static void bind(
      MethodSpec.Builder constructor,
      CodeBlock options,
      Map<TypeName, String> listeners,
      List<GuardedMethod> methods,
      MemberNames members) {
    for (GuardedMethod method : methods) {
      if (method.retry() != null) {
        CodeBlock.Builder arguments = CodeBlock.builder().add("$L", options);
        for (TypeMirror listener : listeners(method)) {
          arguments.add(",$W$N", listeners.get(TypeName.get(listener)));
        }
        constructor.addStatement(
            "this.$N = $N.bind($L)",
            members.retrierField(method),
            members.policyConstant(method),
            arguments.build());
      }
      if (method.breaker() != null) {
        // The breaker itself is created by the first call through it, by any instance; an
        // unnamed one is named by the method's label.
        constructor.addStatement(
            "this.$N = $N.bind($L, $L)",
            members.breakerField(method),
            members.breakerConstant(method),
            options,
            StringLiterals.of(method.label()));
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
