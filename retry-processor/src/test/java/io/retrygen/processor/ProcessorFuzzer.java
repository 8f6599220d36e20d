package io.retrygen.processor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes one seeded input for the processor that tries to break it rather than to use it: its own
 * package holds types named like the {@code java.lang} and {@code java.util} types, the runtime's
 * types and the generated code's locals; the input type has member types, type parameters and
 * parameters of such names, deep nesting, generic bounds, varargs, arrays, futures, inherited
 * annotations, deprecated types, an {@code AutoCloseable} or a redeclared {@code finalize()}, and
 * sets every attribute of every annotation, with odd strings (quotes, comment ends, lone
 * surrogates). About one input in four also carries one fault: an unresolved constant, class
 * literal or type, an invalid value, an annotation in a local class, and so on.
 *
 * <p>The same seed always gives the same files. {@link ProcessorFuzzTest} checks the property:
 * a valid input compiles without warnings under {@code -Xlint:all}, generated code included, and a
 * faulty one gets errors on the input only (at the fault), never inside a generated file, never a
 * stack trace.
 */
final class ProcessorFuzzer {
  /** Types named like what the generated code names by simple name, or declares. */
  static final List<String> SHADOWING_NAMES =
      Arrays.asList(
          "Throwable", "Exception", "RuntimeException", "InterruptedException", "Thread",
          "Override", "Deprecated", "SuppressWarnings", "Object", "String", "Integer", "Long",
          "Boolean", "Error", "Class", "Iterable", "Runnable", "Void", "ClassNotFoundException",
          "Number", "Comparable", "AutoCloseable", "SafeVarargs", "Math", "System",
          "IllegalStateException", "List", "Map", "Set", "Objects", "Arrays", "Collections",
          "Retrier", "RetryOptions", "RetryPolicy", "BackoffPolicy", "CircuitBreakerPolicy",
          "CircuitBreakerGate", "AsyncCall", "RetryListener", "Generated", "CompletableFuture",
          "CompletionStage", "IOException", "ObjectInputStream", "Guards2", "attempt", "failure",
          "result", "retrier", "delegate", "options");
  /** Parameter names: the generated code's locals, and names of classes it names in expressions. */
  private static final List<String> PARAMETER_NAMES =
      Arrays.asList(
          "attempt", "result", "failure", "retrier", "startNanos", "delayMillis", "delegate",
          "options", "permit", "breaker", "recovered", "retry", "rejected", "predicateFailure",
          "in", "java", "io", "Thread", "Objects", "RetryOptions", "id", "key", "value", "items");
  /** Fields the generated class inherits, named like classes and packages its code names. */
  private static final List<String> FIELD_NAMES =
      Arrays.asList(
          "io", "java", "fuzz", "Thread", "Objects", "BackoffPolicy", "RetryOptions",
          "CircuitBreakerGate", "NO_PERMIT", "attempt", "delegate", "CompletableFuture");
  private static final List<String> METHOD_NAMES =
      Arrays.asList(
          "call", "fetch", "load", "save", "send", "query", "get", "run", "delegate", "options",
          "attempt", "retrier", "result", "start", "apply", "guards2");
  /** Failures every method may throw: retryFor naming another checked one would warn. */
  private static final List<String> FAILURES =
      Arrays.asList(
          "java.lang.Exception", "java.lang.Throwable", "java.lang.RuntimeException",
          "java.lang.IllegalStateException", "java.lang.Error", "java.io.UncheckedIOException",
          "java.lang.IllegalArgumentException");
  /** The failure parameter of recover methods, each used once per input so that none tie. */
  private static final List<String> RECOVER_FAILURES =
      Arrays.asList(
          "", "java.lang.Throwable", "java.lang.Exception", "java.lang.RuntimeException",
          "java.lang.IllegalStateException", "java.lang.IllegalArgumentException");
  private static final List<String> INPUT_NAMES =
      Arrays.asList("Client", "Service", "Store", "Gateway", "Api");
  private static final List<String> FAULTS =
      Arrays.asList(
          "unresolved constant", "unresolved class literal", "unresolved nested constant",
          "unresolved type in a signature", "unresolved bound", "invalid value",
          "annotation in a local class", "annotation in an anonymous class", "unknown retryIf",
          "final class", "unresolved budget constant", "unknown recover");

  /** One generated input: its files, what it must generate, and its fault if any. */
  static final class Input {
    final long seed;
    final String pkg;
    /** Qualified type name to source text, one compilation unit each. */
    final Map<String, String> files;
    /** The generated classes a valid input must produce, qualified. */
    final Set<String> generated;
    /** Null for a valid input; else what is wrong with it. */
    final String fault;
    /** For a faulty input: text on the line where an error must be reported. */
    final String faultMarker;
    /** What was drawn, for the coverage assertions. */
    final Set<String> features;

    Input(
        long seed,
        String pkg,
        Map<String, String> files,
        Set<String> generated,
        String fault,
        String faultMarker,
        Set<String> features) {
      this.seed = seed;
      this.pkg = pkg;
      this.files = files;
      this.generated = generated;
      this.fault = fault;
      this.faultMarker = faultMarker;
      this.features = features;
    }

    boolean valid() {
      return fault == null;
    }

    String describe() {
      StringBuilder text = new StringBuilder();
      text.append("fuzzed input from seed ").append(seed).append("L")
          .append(fault == null ? "" : " (fault: " + fault + ", expected at '" + faultMarker + "')")
          .append("; rerun it alone with -Dfuzz.seed=").append(seed).append('\n');
      for (Map.Entry<String, String> file : files.entrySet()) {
        text.append("---- ").append(file.getKey()).append(".java\n");
        text.append(RandomShapes.numbered(file.getValue()));
      }
      return text.toString();
    }
  }

  private final Random random;
  /**
   * Draws for stateful retry only, so that {@link #random} draws the same shapes for a seed as
   * before stateful retry existed.
   */
  private final Random statefulRandom;
  private final long seed;
  private final String pkg;
  private final Map<String, String> files = new LinkedHashMap<>();
  private final Set<String> generated = new TreeSet<>();
  private final Set<String> features = new TreeSet<>();
  /** Simple names of the package's types and the input's member types: taken. */
  private final Set<String> shadows = new LinkedHashSet<>();
  private final List<String> recoverFailures = new ArrayList<>(RECOVER_FAILURES);
  /** Helper methods (predicates, recover methods) of the input type, as source. */
  private final List<String> helpers = new ArrayList<>();
  private boolean qualifiedAnnotations;
  private boolean isInterface;
  /** Whether the supertype is being written: it has no @SuppressWarnings of its own. */
  private boolean writingBase;
  private boolean baseIsInterface;
  /** Helper methods of the supertype, as source. */
  private final List<String> baseHelpers = new ArrayList<>();
  private String inputName;
  private String relativeName;
  /** Whether default labels and names could repeat another input's (a java.lang-like name). */
  private boolean explicitNames;
  private int counter;
  private String fault;
  private String faultMarker;
  private final Set<String> suppressions = new TreeSet<>();

  private ProcessorFuzzer(long seed) {
    this.seed = seed;
    // Consecutive seeds give java.util.Random correlated first draws: mix them first (SplitMix64).
    long mixed = (seed + 0x9E3779B97F4A7C15L) * 0xBF58476D1CE4E5B9L;
    mixed = (mixed ^ (mixed >>> 27)) * 0x94D049BB133111EBL;
    this.random = new Random(mixed ^ (mixed >>> 31));
    this.statefulRandom = new Random(mixed ^ (mixed >>> 29) ^ 0x5DEECE66DL);
    this.pkg = "fuzz.s" + Long.toString(seed, 36).replace('-', 'm');
  }

  static Input generate(long seed) {
    return new ProcessorFuzzer(seed).generate();
  }

  private Input generate() {
    boolean faulty = random.nextInt(4) == 0;
    String chosenFault = faulty ? pick(FAULTS) : null;

    // Types of the package named like what the generated code names.
    int shadowCount = random.nextInt(5);
    for (int i = 0; i < shadowCount; i++) {
      String name = pick(SHADOWING_NAMES);
      if (shadows.add(name)) {
        file(name, "public final class " + name + " {}\n");
        features.add("shadowing package type");
      }
    }
    isInterface = random.nextInt(5) < 3;
    boolean shadowNamed = random.nextInt(8) == 0;
    String simple =
        shadowNamed
            ? pick(Arrays.asList("Exception", "Thread", "Retrier", "Object", "Override"))
            : pick(INPUT_NAMES) + (seed & 0xffff);
    if (shadows.contains(simple)) {
      simple = simple + "Input";
    }
    inputName = simple;
    explicitNames = shadowNamed;
    if (shadowNamed) {
      features.add("input named like java.lang or the runtime");
    }
    // Our annotations written qualified in some inputs, imported in others.
    qualifiedAnnotations = random.nextBoolean();

    // Nesting: Outer.Mid.Client.
    int depth = random.nextInt(3);
    List<String> outers = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      outers.add((i == 0 ? "Outer" + (seed & 0xffff) : "Mid" + i));
    }
    if (depth > 0) {
      features.add("nested input, depth " + depth);
    }
    relativeName = outers.isEmpty() ? simple : String.join(".", outers) + "." + simple;

    // Type parameters, sometimes named like java.lang types.
    List<String> typeParameters = new ArrayList<>();
    List<String> typeVariables = new ArrayList<>();
    int typeParameterCount = random.nextInt(4) == 0 ? 1 + random.nextInt(2) : 0;
    for (int i = 0; i < typeParameterCount; i++) {
      String name = pick(Arrays.asList("T", "K", "String", "Exception", "E", "Thread"));
      if (typeVariables.contains(name)) {
        continue;
      }
      typeVariables.add(name);
      String bound =
          pick(
              Arrays.asList(
                  "", " extends java.lang.Number", " extends java.lang.Comparable<" + name + ">",
                  " extends java.io.Serializable & java.lang.Comparable<? super " + name + ">"));
      typeParameters.add(name + bound);
      features.add("type parameter");
    }

    // A supertype whose annotations the input inherits.
    String base = null;
    if (random.nextInt(3) == 0) {
      base = baseType();
    }

    StringBuilder body = new StringBuilder();
    // Member types named like what the generated code names: inherited by the generated class.
    if (random.nextInt(4) == 0) {
      String member = pick(SHADOWING_NAMES);
      if (!member.equals(simple) && !outers.contains(member)) {
        body.append(isInterface ? "  final class " : "  public static final class ")
            .append(member).append(" {}\n\n");
        features.add("shadowing member type");
        shadows.add(member);
      }
    }

    // Type-level annotations first: the helpers they name go with the methods'.
    boolean typeLevelRetry = random.nextInt(3) == 0;
    boolean typeLevelBreaker = random.nextInt(5) == 0;
    boolean typeLevelBudget = random.nextInt(6) == 0;
    StringBuilder header = new StringBuilder();
    if (typeLevelRetry) {
      header.append(retryable(null, null, true, false)).append('\n');
      features.add("type-level @Retryable");
    }
    if (typeLevelBreaker) {
      header.append(breaker()).append('\n');
      features.add("type-level @CircuitBreaker");
    }
    if (typeLevelBudget && typeLevelRetry) {
      header.append(budget()).append('\n');
      features.add("type-level @RetryBudget");
    }
    // Fields named like what the generated code names in expressions.
    if (random.nextInt(4) == 0) {
      String field = pick(FIELD_NAMES);
      body.append(isInterface ? "  int " : "  protected int ").append(field)
          .append(isInterface ? " = 0;\n\n" : ";\n\n");
      features.add("field named like a class or package");
    }
    // The guarded methods.
    int methodCount = 1 + random.nextInt(4);
    List<String> methods = new ArrayList<>();
    for (int i = 0; i < methodCount; i++) {
      methods.add(method(typeVariables, typeLevelRetry || typeLevelBreaker, i == 0));
    }
    if (isInterface && random.nextInt(10) == 0) {
      methods.add("  void finalize();\n");
      features.add("interface redeclares finalize()");
    }
    for (String method : methods) {
      body.append(method).append('\n');
    }
    for (String helper : helpers) {
      body.append(helper).append('\n');
    }

    List<String> supertypes = new ArrayList<>();
    if (base != null) {
      supertypes.add(base);
    }
    if (random.nextInt(10) == 0) {
      supertypes.add("java.lang.AutoCloseable");
      suppressions.add("try");
      features.add("AutoCloseable");
    }
    boolean serializable = !isInterface && random.nextInt(4) == 0;
    if (serializable) {
      supertypes.add("java.io.Serializable");
      body.append("  private static final long serialVersionUID = 1L;\n");
      features.add("Serializable class");
    }
    if (!suppressions.isEmpty()) {
      header.append("@java.lang.SuppressWarnings({\"")
          .append(String.join("\", \"", suppressions)).append("\"})\n");
    }
    String typeParameterList =
        typeParameters.isEmpty() ? "" : "<" + String.join(", ", typeParameters) + ">";
    String declaration;
    if (isInterface) {
      declaration =
          "public interface " + simple + typeParameterList
              + (supertypes.isEmpty() ? "" : " extends " + String.join(", ", supertypes));
    } else {
      String superclass = base != null && base.startsWith("BaseClass") ? base : null;
      List<String> interfaces = new ArrayList<>(supertypes);
      interfaces.remove(superclass);
      declaration =
          "public " + (outers.isEmpty() ? "" : "static ") + "class " + simple + typeParameterList
              + (superclass == null ? "" : " extends " + superclass)
              + (interfaces.isEmpty() ? "" : " implements " + String.join(", ", interfaces));
      if (supertypes.contains("java.lang.AutoCloseable")) {
        body.append("  @java.lang.Override\n  public void close() throws java.lang.Exception {}\n");
      }
    }
    String type = header + declaration + " {\n" + body + "}\n";
    String unit = type;
    for (int i = outers.size() - 1; i >= 0; i--) {
      unit =
          (i == 0 ? "public class " : "public static class ") + outers.get(i) + " {\n"
              + indent(unit) + "}\n";
    }
    if (chosenFault != null) {
      unit = inject(chosenFault, unit);
    }
    String topLevel = outers.isEmpty() ? simple : outers.get(0);
    file(topLevel, unit);
    generated.add(pkg + "." + String.join("_", relativeName.split("\\.")) + "Retrying");
    if (fault != null) {
      generated.clear();
    }
    return new Input(
        seed, pkg, Collections.unmodifiableMap(files), generated, fault, faultMarker, features);
  }

  /** A supertype of the input, annotated itself: its annotations are inherited. */
  private String baseType() {
    writingBase = true;
    boolean asClass = !isInterface && random.nextBoolean();
    baseIsInterface = !asClass;
    String name = (asClass ? "BaseClass" : "Base") + (seed & 0xffff);
    StringBuilder source = new StringBuilder();
    boolean typeLevel = random.nextBoolean();
    if (typeLevel) {
      source.append(retryable(null, null, true, false)).append('\n');
    }
    source.append(asClass ? "public class " : "public interface ").append(name).append(" {\n");
    if (random.nextInt(3) == 0) {
      String member = pick(SHADOWING_NAMES);
      source.append("  ").append(asClass ? "public static final " : "final ").append("class ")
          .append(member).append(" {}\n\n");
      shadows.add(member);
      features.add("shadowing member type of a supertype");
    }
    int count = 1 + random.nextInt(2);
    for (int i = 0; i < count; i++) {
      String method = "up" + i;
      if (!typeLevel || random.nextBoolean()) {
        source.append("  ").append(retryable("java.lang.String", null, true, false)).append('\n');
      }
      if (asClass) {
        source.append("  public java.lang.String ").append(method)
            .append("(int value) {\n    return null;\n  }\n");
      } else if (!isInterface) {
        source.append("  default java.lang.String ").append(method)
            .append("(int value) {\n    return null;\n  }\n");
      } else {
        source.append("  java.lang.String ").append(method).append("(int value);\n");
      }
    }
    for (String helper : baseHelpers) {
      source.append('\n').append(helper);
    }
    source.append("}\n");
    writingBase = false;
    file(name, source.toString());
    generated.add(pkg + "." + name + "Retrying");
    features.add("inherited annotations");
    return name;
  }

  /** One method of the input, with its annotations and the helpers they name. */
  private String method(List<String> typeVariables, boolean typeLevel, boolean first) {
    String name = pick(METHOD_NAMES) + (counter++ == 0 ? "" : String.valueOf(counter));
    boolean generic = random.nextInt(6) == 0;
    List<String> returns =
        new ArrayList<>(
            Arrays.asList(
                "void", "int", "long", "boolean", "java.lang.String", "int[]",
                "java.lang.String[][]", "java.util.List<java.lang.String>",
                "java.util.Map<java.lang.String, java.util.List<? extends java.lang.Number>>",
                "java.util.concurrent.CompletableFuture<java.lang.String>",
                "java.util.concurrent.CompletionStage<java.util.List<java.lang.Integer>>"));
    returns.addAll(typeVariables);
    for (String shadow : shadows) {
      if (Character.isUpperCase(shadow.charAt(0)) && !shadow.equals("Void")) {
        returns.add(shadow); // the package's or a member type, by its simple name
      }
    }
    String returnType = generic ? "U" : pick(returns);
    if (returnType.startsWith("java.util.concurrent")) {
      features.add("async");
    }
    // Parameters named like locals and classes of the generated code.
    List<String> parameters = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    int count = random.nextInt(4);
    for (int i = 0; i < count; i++) {
      String parameter = pick(PARAMETER_NAMES);
      if (names.add(parameter)) {
        List<String> types =
            new ArrayList<>(
                Arrays.asList(
                    "int", "java.lang.String", "java.lang.Object[]", "java.util.List<?>",
                    "java.lang.Comparable<java.lang.String>"));
        types.addAll(typeVariables);
        parameters.add(pick(types) + " " + parameter);
      }
    }
    StringBuilder annotations = new StringBuilder();
    boolean varargs = random.nextInt(6) == 0;
    if (varargs) {
      boolean heapPollution = random.nextBoolean();
      parameters.add(
          (heapPollution ? "java.util.List<java.lang.String>..." : "java.lang.String...")
              + " rest");
      if (heapPollution) {
        annotations.append("  @java.lang.SuppressWarnings(\"unchecked\")\n");
      }
      features.add("varargs");
    }
    String throwsClause =
        pick(
            Arrays.asList(
                "", "", " throws java.io.IOException", " throws java.lang.Exception",
                " throws java.lang.InterruptedException"));
    boolean guarded = first || random.nextInt(3) > 0;
    boolean retries = guarded && (!typeLevel || random.nextBoolean()) && random.nextInt(4) < 3;
    boolean breaks = guarded && !retries && !typeLevel || guarded && random.nextInt(4) == 0;
    if (first && !typeLevel && !retries && !breaks) {
      retries = true;
    }
    // A recover method of its own, with a failure type no other recover method has.
    String recover = null;
    if (retries && !generic && !recoverFailures.isEmpty() && random.nextInt(3) == 0) {
      String failure = recoverFailures.remove(random.nextInt(recoverFailures.size()));
      recover = "recover" + counter++;
      int prefix = random.nextInt(parameters.size() + 1);
      List<String> recoverParameters = new ArrayList<>();
      if (!failure.isEmpty()) {
        recoverParameters.add(failure + " cause");
      }
      for (String parameter : parameters.subList(0, prefix)) {
        recoverParameters.add(parameter.replace("...", "[]"));
      }
      helpers.add(
          "  @" + qualified("Recover") + "\n  " + (isInterface ? "default " : "public ")
              + returnType + " " + recover + "(" + String.join(", ", recoverParameters) + ")"
              + throwsClause + " {\n" + returning(returnType) + "  }\n");
      features.add("recover");
    }
    if (retries) {
      boolean directBackoff = random.nextInt(6) == 0;
      boolean arrays =
          parameters.stream().anyMatch(each -> each.contains("[]") || each.contains("..."));
      annotations.append("  ").append(retryable(returnType, recover, !directBackoff, arrays))
          .append('\n');
      if (random.nextInt(5) == 0) {
        annotations.append("  ").append(budget()).append('\n');
      }
      if (directBackoff) {
        annotations.append("  @").append(qualified("Backoff"))
            .append("(delay = 5, maxDelay = 50, random = true)\n");
        features.add("direct @Backoff");
      }
    }
    if (breaks) {
      annotations.append("  ").append(breaker()).append('\n');
    }
    if (random.nextInt(10) == 0 && !typeLevel) {
      annotations.append("  @java.lang.Deprecated\n");
      features.add("deprecated method");
    }
    String typeParameters = generic ? "<U extends java.lang.Comparable<U>> " : "";
    if (generic) {
      features.add("generic method");
    }
    String signature =
        typeParameters + returnType + " " + name + "(" + String.join(", ", parameters) + ")"
            + throwsClause;
    if (isInterface) {
      return annotations + "  " + signature + ";\n";
    }
    return annotations + "  public " + signature + " {\n" + returning(returnType) + "  }\n";
  }

  /**
   * {@code @Retryable(...)} with a random selection of every attribute.
   *
   * @param returnType the guarded method's, null on a type
   * @param recover the recover method to name, or null
   * @param nestedBackoff whether it may have a nested {@code @Backoff}: none is direct
   * @param arrays whether a parameter is an array or varargs: a stateful one then has a stateKey
   */
  private String retryable(
      String returnType, String recover, boolean nestedBackoff, boolean arrays) {
    List<String> attributes = new ArrayList<>();
    if (recover != null && random.nextBoolean()) {
      attributes.add("recover = \"" + recover + "\"");
    }
    if (returnType != null && !returnType.equals("void") && random.nextInt(4) == 0) {
      String predicate = "rejects" + counter++;
      helpers().add(
          "  " + (helperInInterface() ? "static" : "public static") + " boolean " + predicate
              + "(java.lang.Object value) {\n    return false;\n  }\n");
      attributes.add("retryOnResult = \"" + predicate + "\"");
      features.add("retryOnResult");
    }
    if (random.nextBoolean()) {
      attributes.add("retryFor = " + classes(1 + random.nextInt(2)));
      features.add("retryFor");
    }
    if (random.nextInt(3) == 0) {
      attributes.add("noRetryFor = " + classes(1));
    }
    if (random.nextInt(4) == 0) {
      attributes.add("notRecoverable = " + classes(1));
    }
    if (random.nextBoolean()) {
      attributes.add("maxAttempts = " + (1 + random.nextInt(5)));
    }
    if (random.nextInt(4) == 0) {
      attributes.add("maxDuration = " + (100_000 + random.nextInt(1000)) + "L");
    }
    if (nestedBackoff && random.nextBoolean()) {
      attributes.add("backoff = " + backoff());
    }
    if (random.nextInt(4) == 0) {
      String predicate = "isTransient" + counter++;
      helpers().add(
          "  " + (helperInInterface() ? "static" : "protected") + " boolean " + predicate + "("
              + pick(FAILURES) + " e) {\n    return true;\n  }\n");
      attributes.add("retryIf = \"" + predicate + "\"");
      features.add("retryIf");
    }
    if (random.nextInt(4) == 0 || explicitNames) {
      attributes.add("label = " + oddString("label"));
    }
    if (random.nextInt(5) == 0) {
      attributes.add("listeners = " + listener() + ".class");
      features.add("listeners");
    }
    boolean deferred = returnType != null && returnType.startsWith("java.util.concurrent.");
    boolean rejects = attributes.stream().anyMatch(each -> each.startsWith("retryOnResult"));
    if (returnType != null && !deferred && !rejects && statefulRandom.nextInt(5) == 0) {
      attributes.add("stateful = true");
      features.add("stateful");
      // Arrays in a key of the arguments are a warning (they equal only themselves): a stateKey.
      if (statefulRandom.nextBoolean() || arrays) {
        // A key of no argument: the method's parameters may name its type variables.
        String key = "keyOf" + counter++;
        helpers().add(
            "  " + (helperInInterface() ? "static" : "public static") + " java.lang.Object " + key
                + "() {\n    return \"" + key + "\";\n  }\n");
        attributes.add("stateKey = \"" + key + "\"");
      }
    }
    return annotation("Retryable", attributes);
  }

  /** {@code @Backoff(...)}: valid by construction (delay, cap and range agree). */
  private String backoff() {
    List<String> attributes = new ArrayList<>();
    long delay = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(100);
    attributes.add("delay = " + delay);
    int shape = random.nextInt(3);
    boolean range = false;
    if (shape == 1) {
      attributes.add("multiplier = " + pick(Arrays.asList("1.5", "2", "2.0", "3")));
      range = true;
      if (random.nextBoolean()) {
        attributes.add("maxDelay = " + (delay + 1 + random.nextInt(1000)));
      }
    } else if (shape == 2) {
      // A fixed wait with a cap: random = true, else the cap caps nothing (a warning).
      attributes.add("maxDelay = " + (delay + 1 + random.nextInt(1000)));
      attributes.add("random = true");
    }
    if (range && random.nextInt(3) == 0) {
      attributes.add("random = true");
    }
    if (random.nextInt(3) == 0) {
      attributes.add("jitter = " + pick(Arrays.asList("0.0", "0.25", "0.5", "1.0")));
    }
    if (random.nextInt(4) == 0) {
      String method = "waitFor" + counter++;
      helpers().add(
          "  " + (helperInInterface() ? "static" : "public static") + " long " + method + "("
              + pick(FAILURES) + " e) {\n    return -1L;\n  }\n");
      attributes.add("delayFor = \"" + method + "\"");
      features.add("delayFor");
    }
    return annotation("Backoff", attributes);
  }

  /** {@code @CircuitBreaker(...)}. */
  private String breaker() {
    List<String> attributes = new ArrayList<>();
    if (random.nextBoolean()) {
      attributes.add("failOn = " + classes(1));
    }
    if (random.nextInt(3) == 0) {
      attributes.add("skipOn = " + classes(1));
    }
    int plain = attributes.size();
    if (random.nextBoolean()) {
      attributes.add("requestVolumeThreshold = " + (1 + random.nextInt(50)));
    }
    if (random.nextBoolean()) {
      attributes.add("failureRatio = " + pick(Arrays.asList("0.25", "0.5", "1.0", "0.333")));
    }
    if (random.nextBoolean()) {
      attributes.add("delay = " + random.nextInt(10_000) + "L");
    }
    if (random.nextBoolean()) {
      attributes.add("successThreshold = " + (1 + random.nextInt(3)));
    }
    // An unnamed breaker is named by its method's label, which methods may share (a type-level
    // label): one with settings of its own gets a name of its own, so that no two disagree.
    if (attributes.size() > plain || random.nextBoolean() || explicitNames) {
      attributes.add("name = " + oddString("breaker"));
    }
    return annotation("CircuitBreaker", attributes);
  }

  /** {@code @RetryBudget(...)}. */
  private String budget() {
    List<String> attributes = new ArrayList<>();
    if (random.nextBoolean() || explicitNames) {
      attributes.add("name = " + oddString("budget"));
    }
    if (random.nextBoolean()) {
      attributes.add("maxTokens = " + (1 + random.nextInt(1000)));
    }
    if (random.nextBoolean()) {
      attributes.add("tokenRatio = " + pick(Arrays.asList("0.001", "0.1", "0.5", "1.0")));
    }
    return annotation("RetryBudget", attributes);
  }

  /** {@code @Name(a = 1, b = 2)}, noting the annotation and each attribute as drawn. */
  private String annotation(String name, List<String> attributes) {
    features.add("@" + name);
    for (String attribute : attributes) {
      features.add("@" + name + "(" + attribute.substring(0, attribute.indexOf(" = ")) + ")");
    }
    return "@" + qualified(name)
        + (attributes.isEmpty() ? "" : "(" + String.join(", ", attributes) + ")");
  }

  /**
   * A name or label unique to this input (breakers and budgets of one name must agree across the
   * compilation), as a Java literal, sometimes with characters that could end a comment, break a
   * string or not encode at all.
   */
  private String oddString(String kind) {
    String unique = kind + "-" + Long.toString(seed, 36) + "-" + counter++;
    switch (random.nextInt(6)) {
      case 0:
        features.add("lone surrogate");
        return "\"" + unique + " \\uD800 \\uDFFF\"";
      case 1:
        features.add("odd characters");
        return "\"" + unique + " \\\"quoted\\\" */ {@code x} \\\\ @param \\t\"";
      case 2:
        features.add("non-ASCII name");
        return "\"" + unique + " Zahlung.prüfen \uD83D\uDE00\"";
      default:
        return "\"" + unique + "\"";
    }
  }

  /** {@code {A.class, B.class}} of failures every method may throw. */
  private String classes(int count) {
    Set<String> picked = new LinkedHashSet<>();
    for (int i = 0; i < count; i++) {
      String failure = !writingBase && random.nextInt(12) == 0 ? oldFailure() : pick(FAILURES);
      picked.add(failure + ".class");
    }
    return picked.size() == 1
        ? picked.iterator().next()
        : "{" + String.join(", ", picked) + "}";
  }

  /**
   * A deprecated failure type of another package, which the generated class imports: a warning
   * under {@code -source 8}, where javac still reports deprecated imports (JEP 211).
   */
  private String oldFailure() {
    String name = pkg + ".other.OldFailure";
    if (!files.containsKey(name)) {
      files.put(
          name,
          "package " + pkg + ".other;\n\n@java.lang.Deprecated\n"
              + "public class OldFailure extends java.lang.RuntimeException {\n"
              + "  private static final long serialVersionUID = 1L;\n}\n");
    }
    suppressions.add("deprecation");
    features.add("deprecated failure type of another package");
    return name;
  }

  /** A listener class of the package, sometimes generic or deprecated. */
  private String listener() {
    String name = "Listener" + counter++;
    int kind = random.nextInt(4);
    if (kind == 1 && writingBase) {
      kind = 2;
    }
    if (kind == 0) {
      file(name, "public class " + name + "<T> implements io.retrygen.RetryListener {}\n");
      features.add("generic listener");
    } else if (kind == 1) {
      file(name,
          "@java.lang.Deprecated\npublic class " + name
              + " implements io.retrygen.RetryListener {}\n");
      suppressions.add("deprecation");
      features.add("deprecated listener");
    } else {
      file(name, "public class " + name + " implements io.retrygen.RetryListener {}\n");
    }
    return name;
  }

  /** Breaks the otherwise valid compilation unit {@code unit} in one way. */
  private String inject(String chosen, String unit) {
    fault = chosen;
    switch (chosen) {
      case "unresolved constant":
        faultMarker = "Missing.ATTEMPTS";
        return injectAnnotation(unit, "(maxAttempts = Missing.ATTEMPTS)");
      case "unresolved nested constant":
        faultMarker = "Missing.DELAY";
        return injectAnnotation(
            unit, "(backoff = @" + qualified("Backoff") + "(delay = Missing.DELAY))");
      case "unresolved class literal":
        faultMarker = "Missing.class";
        return injectAnnotation(unit, "(retryFor = Missing.class)");
      case "unresolved budget constant":
        faultMarker = "Missing.TOKENS";
        return injectAnnotations(
            unit,
            "@" + qualified("Retryable") + " @" + qualified("RetryBudget")
                + "(maxTokens = Missing.TOKENS)");
      case "invalid value":
        String[] invalid =
            pick(
                Arrays.asList(
                    new String[] {
                      "maxAttempts = 0", "@" + qualified("Retryable") + "(maxAttempts = 0)"
                    },
                    new String[] {
                      "jitter = 2.0",
                      "@" + qualified("Retryable") + "(backoff = @" + qualified("Backoff")
                          + "(jitter = 2.0))"
                    },
                    new String[] {
                      "failureRatio = 0.0",
                      "@" + qualified("CircuitBreaker") + "(failureRatio = 0.0)"
                    },
                    new String[] {
                      "maxTokens = 0",
                      "@" + qualified("Retryable") + " @" + qualified("RetryBudget")
                          + "(maxTokens = 0)"
                    }));
        faultMarker = invalid[0];
        return injectAnnotations(unit, invalid[1]);
      case "unknown retryIf":
        faultMarker = "noSuchPredicate";
        return injectAnnotations(
            unit, "@" + qualified("Retryable") + "(retryIf = \"noSuchPredicate\")");
      case "unknown recover":
        faultMarker = "noSuchRecover";
        return injectAnnotations(
            unit, "@" + qualified("Retryable") + "(recover = \"noSuchRecover\")");
      case "unresolved type in a signature":
        faultMarker = "MissingType";
        return insertMember(unit, isInterface
            ? "  java.lang.String broken(MissingType missing);\n"
            : "  public java.lang.String broken(MissingType missing) {\n    return null;\n  }\n");
      case "unresolved bound":
        faultMarker = "extends MissingBound";
        return insertMember(unit, isInterface
            ? "  <X extends MissingBound> java.lang.String bounded();\n"
            : "  public <X extends MissingBound> java.lang.String bounded() {\n"
                + "    return null;\n  }\n");
      case "annotation in a local class":
        faultMarker = "@" + qualified("CircuitBreaker") + " class Local";
        return insertMember(unit,
            "  " + (isInterface ? "default" : "public") + " void local() {\n    "
                + faultMarker + " {}\n  }\n");
      case "annotation in an anonymous class":
        faultMarker = "@" + qualified("Recover") + " public void run()";
        return insertMember(unit,
            "  " + (isInterface ? "default" : "public") + " java.lang.Runnable anonymous() {\n"
                + "    return new java.lang.Runnable() {\n      @java.lang.Override\n      "
                + faultMarker + " {}\n    };\n  }\n");
      case "final class":
        if (isInterface) {
          faultMarker = "maxAttempts = -1";
          return injectAnnotations(unit, "@" + qualified("Retryable") + "(maxAttempts = -1)");
        }
        faultMarker = "final class " + inputName;
        return unit.replaceFirst(
            "class " + inputName + "(?=[ <])", "final class " + inputName);
      default:
        throw new AssertionError(chosen);
    }
  }

  /** Puts {@code attributes} of a {@code @Retryable} on a new method of the input. */
  private String injectAnnotation(String unit, String attributes) {
    return injectAnnotations(unit, "@" + qualified("Retryable") + attributes);
  }

  /** Puts {@code annotations} on a new method of the input. */
  private String injectAnnotations(String unit, String annotations) {
    return insertMember(unit,
        "  " + annotations + "\n  "
            + (isInterface
                ? "java.lang.String faulty();\n"
                : "public java.lang.String faulty() {\n    return null;\n  }\n"));
  }

  private String insertMember(String unit, String member) {
    String declaration = (isInterface ? "interface " : "class ") + inputName;
    int at = unit.indexOf(declaration);
    int open = unit.indexOf("{\n", at) + 2;
    String indent = leadingIndent(unit, at);
    return unit.substring(0, open) + indent(member, indent) + unit.substring(open);
  }

  private static String leadingIndent(String unit, int at) {
    int lineStart = unit.lastIndexOf('\n', at) + 1;
    StringBuilder indent = new StringBuilder();
    for (int i = lineStart; i < unit.length() && unit.charAt(i) == ' '; i++) {
      indent.append(' ');
    }
    return indent.toString();
  }

  /** Where the helpers of the annotation being written go: the supertype's or the input's. */
  private List<String> helpers() {
    return writingBase ? baseHelpers : helpers;
  }

  private boolean helperInInterface() {
    return writingBase ? baseIsInterface : isInterface;
  }

  private String qualified(String annotation) {
    return qualifiedAnnotations ? "io.retrygen." + annotation : annotation;
  }

  /** {@code return null;} or what else the type needs, as a method body. */
  private static String returning(String type) {
    switch (type) {
      case "void":
        return "";
      case "int":
      case "long":
        return "    return 0;\n";
      case "boolean":
        return "    return false;\n";
      default:
        return "    return null;\n";
    }
  }

  private void file(String simpleName, String body) {
    String imports =
        "import io.retrygen.Backoff;\n"
            + "import io.retrygen.CircuitBreaker;\n"
            + "import io.retrygen.Recover;\n"
            + "import io.retrygen.RetryBudget;\n"
            + "import io.retrygen.Retryable;\n";
    files.put(
        pkg + "." + simpleName,
        "package " + pkg + ";\n\n"
            + (body.contains("@Retryable") || body.contains("@Backoff") || body.contains("@Recover")
                    || body.contains("@CircuitBreaker") || body.contains("@RetryBudget")
                ? imports + "\n"
                : "")
            + body);
  }

  private static String indent(String text) {
    return indent(text, "  ");
  }

  private static String indent(String text, String indent) {
    StringBuilder indented = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (!line.isEmpty()) {
        indented.append(indent).append(line);
      }
      indented.append('\n');
    }
    String result = indented.toString();
    return result.substring(0, result.length() - 1);
  }

  private <T> T pick(List<T> options) {
    return options.get(random.nextInt(options.size()));
  }
}
