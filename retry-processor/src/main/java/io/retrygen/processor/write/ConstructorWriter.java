package io.retrygen.processor.write;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.TypeVariableName;
import io.retrygen.processor.model.ConstructorPlan;
import io.retrygen.processor.model.DeprecatedUses;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryableType;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * The constructors of a generated class, and the {@code readObject} of a serializable one: each
 * binds every guarded method's policies to the instance's options in one line per guard.
 */
public final class ConstructorWriter {
  private ConstructorWriter() {}

  /** {@code (Input delegate)} with the defaults, and {@code (Input delegate, RetryOptions)}. */
  static void addDelegateConstructors(
      TypeSpec.Builder type,
      RetryableType model,
      TypeName inputType,
      Modifier[] visibility,
      MemberNames members) {
    type.addMethod(
        MethodSpec.constructorBuilder()
            .addJavadoc("Retries calls to {@code delegate} with {@link $T#defaults()}.\n",
                Names.RETRY_OPTIONS)
            .addJavadoc("\n@param delegate $L\n", DELEGATE_DOC)
            .addModifiers(visibility)
            .addParameter(inputType, "delegate")
            .addStatement("this(delegate, $T.defaults())", Names.RETRY_OPTIONS)
            .build());
    MethodSpec.Builder constructor =
        MethodSpec.constructorBuilder()
            .addJavadoc("Retries calls to {@code delegate} with {@code options}.\n")
            .addJavadoc(
                "\n@param delegate $L\n@param options $L\n", DELEGATE_DOC, OPTIONS_DOC)
            .addModifiers(visibility)
            .addParameter(inputType, "delegate")
            .addParameter(Names.RETRY_OPTIONS, "options")
            .addStatement(
                "this.delegate = $T.requireNonNull(delegate, $S)",
                Objects.class,
                "delegate == null");
    // It creates the listener instances.
    AnnotationSpec suppress =
        SignatureWriter.suppressWarnings(
            SignatureWriter.deprecations(model.listenerUses(), false, model.typeUses()));
    if (suppress != null) {
      constructor.addAnnotation(suppress);
    }
    BindingWriter.addBindings(
        constructor, CodeBlock.of("options"), allocator(members, "delegate", "options"), members);
    type.addMethod(constructor.build());
  }

  /** What a delegate constructor's {@code delegate} is, for its {@code @param}. */
  private static final String DELEGATE_DOC = "the instance whose methods are called and retried";

  /** What a constructor's {@code RetryOptions} are, for its {@code @param}. */
  static final String OPTIONS_DOC =
      "the sleeper, ticker, randomness, scheduler and listeners the retries use";

  /**
   * {@code @param} for each parameter, so that the constructor passes doclint: {@code options} (if
   * not null, the first) with {@link #OPTIONS_DOC}, the superclass constructor's {@code
   * arguments} as what they are passed on to. A {@code SHARES_OPTIONS} constructor's first
   * argument is both.
   */
  private static void documentParameters(
      MethodSpec.Builder constructor, String options, List<String> arguments) {
    if (options == null && arguments.isEmpty()) {
      return;
    }
    CodeBlock.Builder tags = CodeBlock.builder().add("\n");
    if (options != null) {
      tags.add("@param $N $L\n", options, OPTIONS_DOC);
    }
    for (String argument : arguments) {
      tags.add("@param $N passed on to {@code super}\n", argument);
    }
    constructor.addJavadoc(tags.build());
  }

  /**
   * For a constructor of the input class, as its {@link ConstructorPlan} says: the same
   * constructor, and (usually) one with a leading {@code RetryOptions} parameter.
   */
  static void addSubclassConstructors(
      TypeSpec.Builder type,
      RetryableType model,
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
      parameters.add(
          ParameterSpec.builder(TypeName.get(parameter.asType()), name)
              .addAnnotations(AnnotationCopies.parameter(plan.annotations(), parameters.size()))
              .build());
      arguments.add(name);
    }
    String options = LoopLocals.newName(names, "options");
    String argumentList = String.join(", ", arguments);
    // Explicit, as for methods (see OverrideTypes.typeArguments): <Q>super(q).
    CodeBlock typeArguments = OverrideTypes.typeArguments(superConstructor.getTypeParameters());

    // The constructors that bind the policies create the listener instances.
    DeprecatedUses binding = plan.deprecatedUses().and(model.listenerUses());
    MethodSpec.Builder plain =
        constructorLike(
            superConstructor,
            visibility,
            plan.kind() == ConstructorPlan.Kind.REGULAR ? plan.deprecatedUses() : binding,
            model.typeUses());
    plain.addParameters(parameters);
    addPlainBody(plain, plan.kind(), typeArguments, arguments, options, names, members);
    documentParameters(plain, null, arguments);
    type.addMethod(plain.build());
    if (plan.kind() != ConstructorPlan.Kind.REGULAR) {
      return;
    }
    MethodSpec.Builder withOptions =
        constructorLike(superConstructor, visibility, binding, model.typeUses());
    withOptions.addJavadoc("Calls {@code super($L)} and retries with {@code $L}.\n",
        argumentList, options);
    withOptions.addParameter(Names.RETRY_OPTIONS, options);
    withOptions.addParameters(parameters);
    documentParameters(withOptions, options, arguments);
    withOptions.addStatement("$Lsuper($L)", typeArguments, argumentList);
    BindingWriter.addBindings(withOptions, CodeBlock.of("$N", options), names, members);
    type.addMethod(withOptions.build());
  }

  /**
   * The body of the constructor with the superclass constructor's own parameters: for a regular
   * one {@code this(RetryOptions.defaults(), args)}; else {@code super(args)} and the bindings,
   * with the defaults, or (when its first parameter is the options) with those.
   */
  private static void addPlainBody(
      MethodSpec.Builder plain,
      ConstructorPlan.Kind kind,
      CodeBlock typeArguments,
      List<String> arguments,
      String options,
      NameAllocator names,
      MemberNames members) {
    String argumentList = String.join(", ", arguments);
    switch (kind) {
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
        BindingWriter.addBindings(plain, CodeBlock.of("$N", options), names, members);
        break;
      case SHARES_OPTIONS:
        plain.addJavadoc("Calls {@code super($L)} and retries with {@code $L}.\n",
            argumentList, arguments.get(0));
        plain.addStatement("$Lsuper($L)", typeArguments, argumentList);
        BindingWriter.addBindings(plain, CodeBlock.of("$N", arguments.get(0)), names, members);
        break;
    }
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
   * After a serializable instance was read: its retry state was not written, so it
   * retries with {@code RetryOptions.defaults()} and new instances of the listener classes.
   */
  static MethodSpec readObject(RetryableType model, MemberNames members) {
    MethodSpec.Builder readObject = MethodSpec.methodBuilder("readObject");
    AnnotationSpec suppress =
        SignatureWriter.suppressWarnings(
            SignatureWriter.deprecations(model.listenerUses(), false, model.typeUses()));
    if (suppress != null) {
      readObject.addAnnotation(suppress);
    }
    readObject
        .addJavadoc(
            "Reads this instance; its retry state, which is not written, starts afresh with {@link"
                + " $T#defaults()} and new instances of the listener classes.\n\n"
                + "@param in the stream it is read from\n"
                + "@throws IOException when reading fails\n"
                + "@throws ClassNotFoundException when the class of a field cannot be found\n",
            Names.RETRY_OPTIONS)
        .addModifiers(Modifier.PRIVATE)
        .addParameter(ObjectInputStream.class, "in")
        .addException(IOException.class)
        .addException(ClassNotFoundException.class)
        .addStatement("in.defaultReadObject()")
        .addComment("The retry state is not serialized: it starts afresh with the defaults.");
    BindingWriter.addBindings(
        readObject, CodeBlock.of("$T.defaults()", Names.RETRY_OPTIONS), allocator(members, "in"),
        members);
    return readObject.build();
  }

  /**
   * A constructor with {@code superConstructor}'s type parameters and {@code throws}, and the
   * {@code @SuppressWarnings} its parameters and what it names ({@code uses}) need.
   */
  private static MethodSpec.Builder constructorLike(
      ExecutableElement superConstructor,
      Modifier[] visibility,
      DeprecatedUses uses,
      DeprecatedUses typeUses) {
    MethodSpec.Builder builder = MethodSpec.constructorBuilder().addModifiers(visibility);
    boolean deprecated = superConstructor.getAnnotation(Deprecated.class) != null;
    if (deprecated) {
      builder.addAnnotation(Deprecated.class);
    }
    for (TypeParameterElement typeParameter : superConstructor.getTypeParameters()) {
      builder.addTypeVariable(TypeVariableName.get(typeParameter));
    }
    List<TypeMirror> parameterTypes = new ArrayList<>();
    for (VariableElement parameter : superConstructor.getParameters()) {
      parameterTypes.add(parameter.asType());
    }
    List<String> warnings = SignatureWriter.deprecations(uses, deprecated, typeUses);
    warnings.addAll(
        SignatureWriter.warnings(null, parameterTypes, superConstructor.isVarArgs()));
    AnnotationSpec suppress = SignatureWriter.suppressWarnings(warnings);
    if (suppress != null) {
      builder.addAnnotation(suppress);
    }
    builder.varargs(superConstructor.isVarArgs());
    for (TypeMirror thrown : superConstructor.getThrownTypes()) {
      builder.addException(TypeName.get(thrown));
    }
    return builder;
  }
}
