package io.retrygen.processor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Writes one randomly shaped but valid input for the processor from a seed: an annotated interface
 * or class (top-level or static nested), with the supertypes it needs, and what the generated
 * {@code *Retrying} class of every annotated type in it must contain. The same seed and index
 * always give the same source text, so a failure reproduces from the seed alone.
 *
 * <p>Some methods are asynchronous (SPEC §7): they return a {@code CompletionStage} or {@code
 * CompletableFuture} of plain types, type variables, wildcards and nested type arguments, often
 * with annotations of their own, {@code retryOnResult} and {@code retryIf} predicates, and recover
 * methods that return the value or the future. They are drawn last, from a generator of their
 * own, so that a seed still draws the synchronous shapes it drew before they existed.
 *
 * <p>The inputs are in package {@code test} and use {@code test.Support} ({@link #supportSource})
 * for method bodies: {@code Support.answer(this, "name", new Object[] {args})} hands the call to
 * the test, which records it and chooses the result.
 */
final class RandomShapes {
  static final String PACKAGE = "test";

  private static final List<String> SIMPLE =
      Arrays.asList("String", "Object", "Integer", "Long", "Number", "CharSequence");
  private static final List<String> PRIMITIVES =
      Arrays.asList("int", "long", "boolean", "double", "char", "byte", "short", "float");
  private static final List<String> COLLECTIONS = Arrays.asList("List", "Set", "Collection");
  private static final Set<String> GENERIC =
      new HashSet<>(
          Arrays.asList(
              "List", "Set", "Collection", "Map", "Comparable", "Class", "CompletionStage",
              "CompletableFuture", "Support.Box"));
  /** The names of the generated code's own locals and fields, and what the allocator makes. */
  private static final List<String> CLASHING_NAMES =
      Arrays.asList(
          "attempt", "result", "failure", "retrier", "startNanos", "delayMillis", "delegate",
          "options", "failure_", "result_", "attempt_");
  private static final List<String> PLAIN_NAMES =
      Arrays.asList(
          "id", "key", "value", "items", "name", "count", "flag", "first", "rest", "source",
          "target", "input", "limit");
  private static final List<String> METHOD_NAMES =
      Arrays.asList(
          "call", "call2", "fetch", "load", "save", "find", "apply", "compute", "send", "query",
          "get", "put", "run", "delegate", "options", "retrier", "result", "attempt", "start");
  private static final List<String> BASE_METHOD_NAMES =
      Arrays.asList("upFetch", "upLoad", "baseCall", "inherited", "parentGet", "rootPut", "upSend");
  private static final List<String> METHOD_VARS = Arrays.asList("T", "U", "R", "E", "X", "N");
  private static final List<String> CLASS_VARS = Arrays.asList("K", "V", "W");
  private static final List<String> BASE_VARS = Arrays.asList("A", "B");
  private static final List<String> CHECKED =
      Arrays.asList(
          "IOException", "TimeoutException", "InterruptedException",
          "CloneNotSupportedException", "Support.CheckedOne", "Support.CheckedTwo");
  private static final List<String> UNCHECKED =
      Arrays.asList("IllegalStateException", "UncheckedIOException", "Support.Unchecked");
  private static final List<String> FAILURES =
      Arrays.asList(
          "IOException", "TimeoutException", "IllegalStateException", "RuntimeException",
          "Exception", "Throwable", "Error", "Support.CheckedOne", "Support.Unchecked",
          "UncheckedIOException", "InterruptedException", "java.sql.SQLException");
  /**
   * For {@code retryFor}: failures every method can throw. A checked exception that a guarded
   * method does not declare is a warning (SPEC §9), and these inputs must compile without any.
   * As long as {@link #FAILURES}, so that a seed draws the same shapes as before.
   */
  private static final List<String> RETRY_FOR =
      Arrays.asList(
          "Exception", "Throwable", "IllegalStateException", "RuntimeException",
          "Exception", "Throwable", "Error", "Support.Unchecked", "Support.Unchecked",
          "UncheckedIOException", "IllegalStateException", "RuntimeException");
  private static final List<String> INPUT_NAMES =
      Arrays.asList("Client", "Service", "Store", "Gateway", "Repository", "Api");
  private static final String IMPORTS =
      "import io.retrygen.Backoff;\n"
          + "import io.retrygen.CircuitBreaker;\n"
          + "import io.retrygen.Retryable;\n"
          + "import java.io.IOException;\n"
          + "import java.io.UncheckedIOException;\n"
          + "import java.util.Collection;\n"
          + "import java.util.List;\n"
          + "import java.util.Map;\n"
          + "import java.util.Set;\n"
          + "import java.util.concurrent.TimeoutException;\n";
  /** Only in inputs with asynchronous methods, so that the others keep their text. */
  private static final String ASYNC_IMPORTS =
      "import io.retrygen.Recover;\n"
          + "import java.util.concurrent.CompletableFuture;\n"
          + "import java.util.concurrent.CompletionStage;\n";
  private static final List<String> ASYNC_NAMES =
      Arrays.asList("fetchAsync", "quote", "send", "query", "load", "supplyLater", "call");
  private static final List<String> ASYNC_BASE_NAMES = Arrays.asList("upQuote", "asyncParent");
  /**
   * The failure parameters of recover methods, "" for none: each is used once per input, so that
   * no two recover methods tie (SPEC §5), whichever guarded methods they happen to fit.
   */
  private static final List<String> RECOVER_FAILURES =
      Arrays.asList(
          "", "Throwable", "Exception", "RuntimeException", "IllegalStateException", "IOException",
          "TimeoutException", "Support.CheckedOne", "Support.Unchecked", "UncheckedIOException",
          "CloneNotSupportedException");
  private static final List<String> RETRY_IF_TYPES =
      Arrays.asList(
          "Throwable", "Exception", "IOException", "IllegalStateException", "Support.CheckedOne",
          "RuntimeException");

  /** What the {@code *Retrying} class generated for one annotated type must declare. */
  static final class Expectation {
    final String inputBinaryName;
    final boolean isInterface;
    /** Methods the generated class declares: all of an interface's, the guarded of a class. */
    final int methods;
    /** Guarded methods: a {@code Retrier} field, a {@code CircuitBreakerGate} field or both each. */
    final int guarded;
    /** The asynchronous member methods, by {@link #key}. */
    final Map<String, AsyncPlan> async;

    Expectation(
        String inputBinaryName,
        boolean isInterface,
        int methods,
        int guarded,
        Map<String, AsyncPlan> async) {
      this.inputBinaryName = inputBinaryName;
      this.isInterface = isInterface;
      this.methods = methods;
      this.guarded = guarded;
      this.async = async;
    }

    /** How a method is found in {@link #async}: overloads differ in arity here. */
    static String key(String name, int parameters, boolean varargs) {
      return name + "/" + parameters + (varargs ? "+" : "");
    }
  }

  /**
   * What a call of an asynchronous method of a generated class must do (SPEC §7). When the
   * annotations that guard it are all its own ({@link #known}), the test also makes it fail and
   * checks the retries and the recovery.
   */
  static final class AsyncPlan {
    final boolean guarded;
    /** Guarded by its own annotations alone: no type-level one of either kind applies. */
    final boolean known;
    final boolean retries;
    final int maxAttempts;
    /** As written in the source: {@code IOException}, {@code Support.CheckedOne}. */
    final List<String> retryFor;
    final List<String> noRetryFor;
    final List<String> notRecoverable;
    /** The {@code retryOnResult} predicate's name; null if none. */
    final String retryOnResult;
    /** The {@code retryIf} predicate's name and the failure type it takes; null if none. */
    final String retryIf;
    final String retryIfType;
    /** Its own recover methods: name and failure type ("" for none), in declaration order. */
    final List<String[]> recovers;
    /** Whether {@link #recovers} are all the recover methods it may call. */
    final boolean recoversKnown;

    AsyncPlan(
        boolean guarded,
        boolean known,
        boolean retries,
        int maxAttempts,
        List<String> retryFor,
        List<String> noRetryFor,
        List<String> notRecoverable,
        String retryOnResult,
        String retryIf,
        String retryIfType,
        List<String[]> recovers,
        boolean recoversKnown) {
      this.guarded = guarded;
      this.known = known;
      this.retries = retries;
      this.maxAttempts = maxAttempts;
      this.retryFor = retryFor;
      this.noRetryFor = noRetryFor;
      this.notRecoverable = notRecoverable;
      this.retryOnResult = retryOnResult;
      this.retryIf = retryIf;
      this.retryIfType = retryIfType;
      this.recovers = recovers;
      this.recoversKnown = recoversKnown;
    }
  }

  /** One generated input: its source files and the expectations for its annotated types. */
  static final class Input {
    final long seed;
    final int index;
    /** Qualified type name to source text, one compilation unit each. */
    final Map<String, String> files;
    /** By the binary name of each annotated type in the files. */
    final Map<String, Expectation> expectations;
    /** How often each asynchronous shape was drawn ({@code "CompletionStage"}, ...). */
    final Map<String, Integer> features;

    Input(
        long seed,
        int index,
        Map<String, String> files,
        Map<String, Expectation> expectations,
        Map<String, Integer> features) {
      this.seed = seed;
      this.index = index;
      this.files = files;
      this.expectations = expectations;
      this.features = features;
    }

    String describe() {
      StringBuilder text = new StringBuilder();
      text.append("input #").append(index).append(" from seed ").append(seed).append("L")
          .append(" (reproduce alone with -Drandomshapes.seed=").append(seed).append(")\n");
      for (Map.Entry<String, String> file : files.entrySet()) {
        text.append("---- ").append(file.getKey()).append(".java\n");
        text.append(numbered(file.getValue()));
      }
      return text.toString();
    }
  }

  static String numbered(String source) {
    StringBuilder text = new StringBuilder();
    String[] lines = source.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i == lines.length - 1 && lines[i].isEmpty()) {
        break;
      }
      text.append(String.format("%4d  %s%n", i + 1, lines[i]));
    }
    return text.toString();
  }

  /** The helper every input uses; compiled with each batch. */
  static String supportSource() {
    return "package test;\n"
        + "\n"
        + "import java.util.function.Function;\n"
        + "\n"
        + "public final class Support {\n"
        + "  /** Set by the test: gets {self, method name, arguments}, returns the result. */\n"
        + "  public static Function<Object[], Object> answers;\n"
        + "\n"
        + "  private Support() {}\n"
        + "\n"
        + "  @SuppressWarnings(\"unchecked\")\n"
        + "  public static <R> R answer(Object self, String method, Object[] arguments) {\n"
        + "    return (R) answers.apply(new Object[] {self, method, arguments});\n"
        + "  }\n"
        + "\n"
        + "  public static class CheckedOne extends Exception {\n"
        + "    private static final long serialVersionUID = 1L;\n"
        + "  }\n"
        + "\n"
        + "  public static class CheckedTwo extends java.io.IOException {\n"
        + "    private static final long serialVersionUID = 1L;\n"
        + "  }\n"
        + "\n"
        + "  public static class Unchecked extends RuntimeException {\n"
        + "    private static final long serialVersionUID = 1L;\n"
        + "  }\n"
        + "\n"
        + "  /** A value type of the user's own, for the values of futures. */\n"
        + "  public static final class Item {}\n"
        + "\n"
        + "  public static final class Box<T> {}\n"
        + "}\n";
  }

  // ---------------------------------------------------------------------------------------------
  // The model: types, type variables, methods, constructors, shapes.

  static final class TypeVar {
    final String name;
    final List<Ty> bounds = new ArrayList<>();
    boolean throwable;

    TypeVar(String name) {
      this.name = name;
    }

    String declaration() {
      if (bounds.isEmpty()) {
        return name;
      }
      StringBuilder text = new StringBuilder(name).append(" extends ");
      for (int i = 0; i < bounds.size(); i++) {
        text.append(i == 0 ? "" : " & ").append(bounds.get(i).src());
      }
      return text.toString();
    }

    String erasure() {
      return bounds.isEmpty() ? "Object" : bounds.get(0).erasure();
    }

    TypeVar subst(Map<String, Ty> map) {
      TypeVar copy = new TypeVar(name);
      copy.throwable = throwable;
      for (Ty bound : bounds) {
        copy.bounds.add(bound.subst(map));
      }
      return copy;
    }
  }

  static final class Ty {
    /** P primitive, D declared, V type variable, W wildcard, A array. */
    final char kind;
    final String name;
    final List<Ty> args;
    /** The bound of a wildcard (null: unbounded), the component of an array. */
    final Ty inner;
    final boolean upper;
    final TypeVar var;

    private Ty(char kind, String name, List<Ty> args, Ty inner, boolean upper, TypeVar var) {
      this.kind = kind;
      this.name = name;
      this.args = args;
      this.inner = inner;
      this.upper = upper;
      this.var = var;
    }

    static Ty primitive(String name) {
      return new Ty('P', name, Collections.<Ty>emptyList(), null, false, null);
    }

    static Ty declared(String name, Ty... args) {
      return new Ty('D', name, Arrays.asList(args), null, false, null);
    }

    static Ty variable(TypeVar var) {
      return new Ty('V', var.name, Collections.<Ty>emptyList(), null, false, var);
    }

    static Ty wildcard(Ty bound, boolean upper) {
      return new Ty('W', "?", Collections.<Ty>emptyList(), bound, upper, null);
    }

    static Ty array(Ty component) {
      return new Ty('A', null, Collections.<Ty>emptyList(), component, false, null);
    }

    boolean isVoid() {
      return kind == 'P' && name.equals("void");
    }

    String src() {
      switch (kind) {
        case 'D':
          if (args.isEmpty()) {
            return name;
          }
          StringBuilder text = new StringBuilder(name).append('<');
          for (int i = 0; i < args.size(); i++) {
            text.append(i == 0 ? "" : ", ").append(args.get(i).src());
          }
          return text.append('>').toString();
        case 'W':
          return inner == null ? "?" : "? " + (upper ? "extends " : "super ") + inner.src();
        case 'A':
          return inner.src() + "[]";
        default:
          return name;
      }
    }

    String erasure() {
      switch (kind) {
        case 'V':
          return var.erasure();
        case 'A':
          return inner.erasure() + "[]";
        default:
          return name;
      }
    }

    /** JLS 4.7. */
    boolean reifiable() {
      switch (kind) {
        case 'V':
          return false;
        case 'A':
          return inner.reifiable();
        case 'D':
          for (Ty arg : args) {
            // As javac has it: List<? extends Object>... warns, List<?>... does not.
            if (arg.kind != 'W' || arg.inner != null) {
              return false;
            }
          }
          return true;
        default:
          return true;
      }
    }

    boolean raw() {
      switch (kind) {
        case 'D':
          if (args.isEmpty() && GENERIC.contains(name)) {
            return true;
          }
          for (Ty arg : args) {
            if (arg.raw()) {
              return true;
            }
          }
          return false;
        case 'A':
          return inner.raw();
        case 'W':
          return inner != null && inner.raw();
        default:
          return false;
      }
    }

    Ty subst(Map<String, Ty> map) {
      switch (kind) {
        case 'V':
          return map.containsKey(name) ? map.get(name) : this;
        case 'D':
          List<Ty> substituted = new ArrayList<>();
          for (Ty arg : args) {
            substituted.add(arg.subst(map));
          }
          return new Ty('D', name, substituted, null, false, null);
        case 'W':
          return inner == null ? this : wildcard(inner.subst(map), upper);
        case 'A':
          return array(inner.subst(map));
        default:
          return this;
      }
    }
  }

  static final class Param {
    final Ty type;
    final String name;

    Param(Ty type, String name) {
      this.type = type;
      this.name = name;
    }
  }

  static final class Method {
    String name;
    final List<TypeVar> typeParams = new ArrayList<>();
    Ty returnType;
    final List<Param> params = new ArrayList<>();
    boolean varargs;
    final List<Ty> thrown = new ArrayList<>();
    String annotation;
    /** "public", "protected", "" or "private"; interfaces: "" or "public" (both public). */
    String visibility = "public";
    boolean isStatic;
    boolean isFinal;
    boolean isDefault;
    boolean isAbstract;
    boolean deprecated;
    /** toString() or clone(): a method of Object, never guarded. */
    boolean objectMethod;
    boolean inInterface;
    boolean writeOverride;
    /** The declaration this one re-declares, null if none. */
    Method overrides;
    /** For an asynchronous method: what its own annotations say; null for any other. */
    AsyncInfo async;
    /** A {@code @Recover} method: never guarded. */
    boolean isRecover;
    /** A recover method's failure parameter as written, "" for none. */
    String recoverFailure;
    /** A body written as it is, instead of handing the call to {@code Support}; null for that. */
    String body;

    boolean isPrivate() {
      return visibility.equals("private");
    }

    /** Visible to subtypes and the generated class: not static or private, not toString. */
    boolean isMember() {
      return !isStatic && !isPrivate() && !objectMethod;
    }

    String erasedSignature() {
      StringBuilder key = new StringBuilder(name).append('(');
      for (Param param : params) {
        key.append(param.type.erasure()).append(',');
      }
      return key.append(')').toString();
    }

    boolean needsUncheckedSuppression() {
      return varargs && !params.get(params.size() - 1).type.reifiable();
    }

    boolean hasRawType() {
      if (returnType.raw()) {
        return true;
      }
      for (Param param : params) {
        if (param.type.raw()) {
          return true;
        }
      }
      return false;
    }
  }

  /** What an asynchronous method's own annotations say, for its {@link AsyncPlan}. */
  static final class AsyncInfo {
    boolean ownRetry;
    boolean ownBreaker;
    int maxAttempts = 3;
    final List<String> retryFor = new ArrayList<>();
    final List<String> noRetryFor = new ArrayList<>();
    final List<String> notRecoverable = new ArrayList<>();
    String retryOnResult;
    String retryIf;
    String retryIfType;
    /** The {@code recover = "name"} it names; null if none. */
    String recoverName;
    /** Re-declared with an annotation drawn for synchronous methods: its effects are unknown. */
    boolean foreign;
    final List<Method> recovers = new ArrayList<>();
  }

  static final class Ctor {
    final List<TypeVar> typeParams = new ArrayList<>();
    final List<Param> params = new ArrayList<>();
    boolean varargs;
    final List<Ty> thrown = new ArrayList<>();
    String visibility;
    boolean deprecated;
  }

  /** A supertype as written in an extends/implements clause. */
  static final class Super {
    final Shape shape;
    final List<Ty> args;

    Super(Shape shape, List<Ty> args) {
      this.shape = shape;
      this.args = args;
    }

    Map<String, Ty> substitution() {
      Map<String, Ty> map = new LinkedHashMap<>();
      for (int i = 0; i < args.size(); i++) {
        map.put(shape.typeParams.get(i).name, args.get(i));
      }
      return map;
    }

    String src() {
      StringBuilder text = new StringBuilder(shape.sourceName());
      if (!args.isEmpty()) {
        text.append('<');
        for (int i = 0; i < args.size(); i++) {
          text.append(i == 0 ? "" : ", ").append(args.get(i).src());
        }
        text.append('>');
      }
      return text.toString();
    }
  }

  static final class Shape {
    boolean isInterface;
    String simpleName;
    /** Enclosing simple names, outermost first; empty for a top-level type. */
    final List<String> enclosing = new ArrayList<>();
    String visibility;
    final List<TypeVar> typeParams = new ArrayList<>();
    Super superclass;
    final List<Super> interfaces = new ArrayList<>();
    final List<Method> methods = new ArrayList<>();
    final List<Ctor> ctors = new ArrayList<>();
    final List<String> fields = new ArrayList<>();
    String annotation;
    /** Where the source goes: a nested type is written inside its holder. */
    final List<Shape> nested = new ArrayList<>();
    /** A holder or a middle type: never annotated, no methods. */
    boolean container;

    String sourceName() {
      List<String> names = new ArrayList<>(enclosing);
      names.add(simpleName);
      return String.join(".", names);
    }

    String binaryName() {
      List<String> names = new ArrayList<>(enclosing);
      names.add(simpleName);
      return PACKAGE + "." + String.join("$", names);
    }

    List<Super> supers() {
      List<Super> all = new ArrayList<>();
      if (superclass != null) {
        all.add(superclass);
      }
      all.addAll(interfaces);
      return all;
    }

    boolean triggers() {
      if (annotation != null) {
        return true;
      }
      for (Method method : methods) {
        if (method.annotation != null) {
          return true;
        }
      }
      return false;
    }
  }

  /** A method as a member of some type: the declaration and the substitution that applies. */
  static final class Member {
    final Method method;
    final Map<String, Ty> substitution;
    /** The declarations it overrides, nearest first, the method itself included. */
    final List<Method> chain;

    Member(Method method, Map<String, Ty> substitution, List<Method> chain) {
      this.method = method;
      this.substitution = substitution;
      this.chain = chain;
    }
  }

  // ---------------------------------------------------------------------------------------------
  // Generation.

  /** What the drawing helpers draw from: {@link #shapes}, or {@link #async} while drawing those. */
  private Random random;
  /** The synchronous shapes: the same for a seed as before asynchronous methods existed. */
  private final Random shapes;
  /**
   * Draws whether a guard is a {@code @Retryable}, a {@code @CircuitBreaker} or both: a generator
   * of its own, so that {@link #random} draws the same shapes for a seed as before breakers
   * existed.
   */
  private final Random breakers;
  /**
   * Draws the asynchronous methods, their recover methods and predicates, after everything else:
   * a generator of its own again, so that they add to a seed's shapes without changing them.
   */
  private final Random async;
  /**
   * Draws the {@code @RetryBudget}s and {@code @Backoff(delayFor)}s added to the synchronous
   * {@code @Retryable}s drawn above, last: a generator of its own, so that a seed keeps the shapes
   * it drew before they existed.
   */
  private final Random extras;
  /** How many of each {@link #extras} drew, counted once the files are written. */
  private final Map<String, Integer> extraFeatures = new LinkedHashMap<>();
  private final long seed;
  /** How many breakers of this input got a name of their own. */
  private int breakerNames;
  private final int index;
  private final List<Shape> allShapes = new ArrayList<>();
  private final Map<String, Integer> features = new LinkedHashMap<>();
  /** The failure parameters left for recover methods: {@link #RECOVER_FAILURES}, each once. */
  private final List<String> freeFailures = new ArrayList<>(RECOVER_FAILURES);
  /** Numbers the recover methods and predicates, whose names are unique in an input. */
  private int helperNumber;
  private final Set<String> usedNames = new HashSet<>();

  private RandomShapes(long seed, int index) {
    this.shapes = new Random(seed);
    this.random = shapes;
    this.breakers = new Random(seed * 31 + 17);
    this.async = new Random(seed * 131 + 71);
    this.extras = new Random(seed * 977 + 31);
    this.seed = seed;
    this.index = index;
  }

  /** The input of this seed; {@code index} only makes the type names unique in a batch. */
  static Input generate(long seed, int index) {
    return new RandomShapes(seed, index).generate();
  }

  private Input generate() {
    Shape holder = new Shape();
    holder.container = true;
    holder.simpleName = "H" + index;
    holder.visibility = "public";
    allShapes.add(holder);

    Shape input = new Shape();
    input.isInterface = random.nextInt(100) < 55;
    boolean topLevel = random.nextInt(100) < 40;
    if (topLevel) {
      input.simpleName = "S" + index;
      input.visibility = random.nextBoolean() ? "public" : "";
    } else {
      input.simpleName = pick(INPUT_NAMES);
      input.enclosing.add(holder.simpleName);
      Shape parent = holder;
      if (random.nextInt(100) < 30) {
        Shape middle = new Shape();
        middle.container = true;
        middle.isInterface = random.nextBoolean();
        middle.simpleName = "Mid";
        middle.enclosing.add(holder.simpleName);
        middle.visibility = middle.isInterface ? "" : pick("public", "", "protected");
        holder.nested.add(middle);
        input.enclosing.add(middle.simpleName);
        parent = middle;
      }
      input.visibility =
          parent.isInterface ? pick("", "public") : pick("public", "", "protected");
      parent.nested.add(input);
    }
    allShapes.add(input);

    // Class type parameters: sometimes named like method type variables, so that an inherited
    // generic method's own type variable can meet one of the same name.
    int typeParams = random.nextInt(100) < 50 ? 0 : random.nextInt(100) < 60 ? 1 : 2;
    List<String> classVarNames = new ArrayList<>(CLASS_VARS);
    if (random.nextInt(100) < 15) {
      classVarNames.add(0, pick(METHOD_VARS));
    }
    for (int i = 0; i < typeParams; i++) {
      TypeVar var = new TypeVar(classVarNames.get(i));
      classBound(var, input.typeParams);
      input.typeParams.add(var);
    }

    // Supertypes, nested in the holder.
    int baseCount = 0;
    if (!input.isInterface && random.nextInt(100) < 45) {
      Shape parent = baseShape(holder, false, "Parent" + baseCount++);
      input.superclass = new Super(parent, arguments(parent, input.typeParams));
    }
    int interfaceCount = random.nextInt(100) < 50 ? 0 : random.nextInt(100) < 70 ? 1 : 2;
    for (int i = 0; i < interfaceCount; i++) {
      Shape api = baseShape(holder, true, "Api" + baseCount++);
      if (random.nextInt(100) < 30) {
        // A generic superinterface two levels up, instantiated through the middle one.
        Shape root = baseShape(holder, true, "Root" + baseCount++);
        api.interfaces.add(new Super(root, arguments(root, api.typeParams)));
      }
      input.interfaces.add(new Super(api, arguments(api, input.typeParams)));
    }

    if (random.nextInt(100) < 50) {
      input.annotation = retryable();
    }
    int methods = random.nextInt(100) < 5 ? 0 : 1 + random.nextInt(6);
    Set<String> signatures = new HashSet<>();
    for (int i = 0; i < methods; i++) {
      Method method = method(input, input.typeParams, METHOD_NAMES, signatures);
      if (method != null) {
        input.methods.add(method);
      }
    }
    redeclareInherited(input);
    if (random.nextInt(100) < 15) {
      Method toString = new Method();
      toString.name = "toString";
      toString.returnType = Ty.declared("String");
      toString.objectMethod = true;
      toString.isAbstract = input.isInterface;
      toString.writeOverride = !input.isInterface;
      input.methods.add(toString);
    }
    if (random.nextInt(100) < 8) {
      // An interface that redeclares clone(): Object's protected clone() does not implement it,
      // so the delegate must forward it.
      Method clone = new Method();
      clone.name = "clone";
      clone.returnType = Ty.declared("Object");
      clone.objectMethod = true;
      clone.isAbstract = input.isInterface;
      clone.writeOverride = !input.isInterface;
      input.methods.add(clone);
    }
    if (!input.isInterface) {
      constructors(input);
      fields(input);
    }
    if (!input.triggers()) {
      input.annotation = retryable();
    }
    addAsync(input);
    addBudgetsAndDelayFor();

    Map<String, String> files = new LinkedHashMap<>();
    if (topLevel) {
      files.put(PACKAGE + "." + input.simpleName, compilationUnit(input));
    }
    if (!holder.nested.isEmpty()) {
      files.put(PACKAGE + "." + holder.simpleName, compilationUnit(holder));
    }
    Map<String, Expectation> expectations = new LinkedHashMap<>();
    for (Shape shape : allShapes) {
      if (!shape.container && shape.triggers()) {
        expectations.put(shape.binaryName(), expectation(shape));
      }
    }
    // Counted only now: an input with features gets the asynchronous imports.
    extraFeatures.forEach((feature, count) -> features.merge(feature, count, Integer::sum));
    return new Input(seed, index, files, expectations, features);
  }

  /**
   * Adds to some synchronous {@code @Retryable}s, on types and methods, a {@code @RetryBudget}
   * (named for this seed, so that no two inputs of a batch share one with other settings, and
   * with tokens to spare for every retry the test makes) or a {@code @Backoff(delayFor)} with its
   * method, which asks for the formula's wait ({@code -1}).
   */
  private void addBudgetsAndDelayFor() {
    for (Shape shape : allShapes) {
      if (shape.container) {
        continue;
      }
      shape.annotation = addBudgetAndDelayFor(shape, shape.annotation, "on a type");
      for (Method method : new ArrayList<>(shape.methods)) {
        if (method.async == null) {
          method.annotation = addBudgetAndDelayFor(shape, method.annotation, "on a method");
        }
      }
    }
  }

  private String addBudgetAndDelayFor(Shape owner, String annotation, String where) {
    if (annotation == null || !annotation.contains("@Retryable")) {
      return annotation;
    }
    String extended = annotation;
    if (extras.nextInt(100) < 25) {
      String call = "delayFor = \"" + delayForMethod(owner) + "\"";
      if (extended.contains("@Backoff()")) {
        extended = extended.replace("@Backoff()", "@Backoff(" + call + ")");
      } else if (extended.contains("@Backoff(")) {
        extended = extended.replace("@Backoff(", "@Backoff(" + call + ", ");
      } else if (extended.contains("@Retryable(")) {
        extended = extended.replace("@Retryable(", "@Retryable(backoff = @Backoff(" + call + "), ");
      } else {
        extended = extended.replace("@Retryable", "@Retryable(backoff = @Backoff(" + call + "))");
      }
      extraFeatures.merge("@Backoff(delayFor) " + where, 1, Integer::sum);
    }
    if (extras.nextInt(100) < 20) {
      List<String> attributes = new ArrayList<>();
      attributes.add("name = \"budget-" + seed + "-" + helperNumber++ + "\"");
      if (extras.nextBoolean()) {
        attributes.add("maxTokens = " + (100 + extras.nextInt(901)));
      } else {
        attributes.add("maxTokens = 100");
      }
      if (extras.nextBoolean()) {
        attributes.add("tokenRatio = " + (extras.nextBoolean() ? "0.5" : "1.0"));
      }
      extended += "\n@io.retrygen.RetryBudget(" + String.join(", ", attributes) + ")";
      extraFeatures.merge("@RetryBudget " + where, 1, Integer::sum);
    }
    return extended;
  }

  /** A static {@code long waitForN(Throwable failure)} of {@code owner} that returns -1. */
  private String delayForMethod(Shape owner) {
    Method delayFor = new Method();
    delayFor.name = "waitFor" + helperNumber++;
    delayFor.isStatic = true;
    delayFor.inInterface = owner.isInterface;
    delayFor.visibility = owner.isInterface ? "" : "public";
    delayFor.returnType = Ty.primitive("long");
    delayFor.params.add(new Param(Ty.declared("Throwable"), "failure"));
    delayFor.body = "return -1L;";
    owner.methods.add(delayFor);
    return delayFor.name;
  }

  private void classBound(TypeVar var, List<TypeVar> earlier) {
    switch (random.nextInt(9)) {
      case 0:
        var.bounds.add(Ty.declared("Comparable", Ty.variable(var)));
        break;
      case 1:
        var.bounds.add(Ty.declared("Number"));
        break;
      case 2:
        var.bounds.add(Ty.declared("Number"));
        var.bounds.add(Ty.declared("Comparable", Ty.variable(var)));
        break;
      case 3:
        var.bounds.add(Ty.declared("CharSequence"));
        break;
      case 4:
        var.bounds.add(Ty.declared("Exception"));
        var.throwable = true;
        break;
      case 5:
        if (!earlier.isEmpty()) {
          var.bounds.add(Ty.declared("List", Ty.variable(pick(earlier))));
        }
        break;
      default:
        break;
    }
  }

  /** A supertype nested in the holder: an interface, or a concrete class with bodies. */
  private Shape baseShape(Shape holder, boolean isInterface, String name) {
    Shape base = new Shape();
    base.isInterface = isInterface;
    base.simpleName = name;
    base.enclosing.add(holder.simpleName);
    base.visibility = isInterface ? pick("", "public") : pick("", "public", "protected");
    int typeParams = random.nextInt(100) < 40 ? 0 : random.nextInt(100) < 60 ? 1 : 2;
    for (int i = 0; i < typeParams; i++) {
      TypeVar var = new TypeVar(BASE_VARS.get(i));
      switch (random.nextInt(6)) {
        case 0:
          var.bounds.add(Ty.declared("Number"));
          break;
        case 1:
          var.bounds.add(Ty.declared("Comparable", Ty.variable(var)));
          break;
        case 2:
          var.bounds.add(Ty.declared("CharSequence"));
          break;
        default:
          break;
      }
      base.typeParams.add(var);
    }
    if (random.nextInt(100) < 10) {
      base.annotation = retryable();
    }
    int methods = 1 + random.nextInt(3);
    Set<String> signatures = new HashSet<>();
    // Names unique to this supertype: no two supertypes have methods that overload or clash.
    List<String> names = new ArrayList<>();
    for (String each : BASE_METHOD_NAMES) {
      names.add(each + name.replaceAll("[^0-9]", ""));
    }
    for (int i = 0; i < methods; i++) {
      Method method = method(base, base.typeParams, names, signatures);
      if (method != null) {
        base.methods.add(method);
      }
    }
    holder.nested.add(base);
    allShapes.add(base);
    return base;
  }

  /** Type arguments for the supertype {@code base}, within its bounds. */
  private List<Ty> arguments(Shape base, List<TypeVar> scope) {
    List<Ty> args = new ArrayList<>();
    for (TypeVar var : base.typeParams) {
      String bound = var.bounds.isEmpty() ? "" : var.bounds.get(0).name;
      switch (bound) {
        case "Number":
          args.add(Ty.declared(pick("Integer", "Long")));
          break;
        case "Comparable":
          args.add(Ty.declared(pick("String", "Integer")));
          break;
        case "CharSequence":
          args.add(Ty.declared("String"));
          break;
        default:
          int choice = random.nextInt(6);
          if (choice < 2 && !scope.isEmpty()) {
            args.add(Ty.variable(pick(scope)));
          } else if (choice == 2 && !scope.isEmpty()) {
            args.add(Ty.declared("List", Ty.variable(pick(scope))));
          } else if (choice == 3) {
            args.add(Ty.declared("Map", Ty.declared("String"), Ty.declared("Integer")));
          } else if (choice == 4) {
            args.add(Ty.declared("List", Ty.declared("String")));
          } else {
            args.add(Ty.declared(pick("String", "Integer", "Long")));
          }
      }
    }
    return args;
  }

  /** A new method of {@code owner}, or null if it would clash with one it already has. */
  private Method method(
      Shape owner, List<TypeVar> classScope, List<String> names, Set<String> signatures) {
    Method method = new Method();
    method.name = pick(names);
    method.inInterface = owner.isInterface;
    if (owner.isInterface) {
      int kind = random.nextInt(100);
      method.isDefault = kind < 20;
      method.isStatic = kind >= 20 && kind < 25;
      method.visibility = kind >= 25 && kind < 28 ? "private" : pick("", "public");
      method.isAbstract = !method.isDefault && !method.isStatic && !method.isPrivate();
    } else {
      int kind = random.nextInt(100);
      method.visibility =
          kind < 50 ? "public" : kind < 70 ? "protected" : kind < 92 ? "" : "private";
      method.isStatic = random.nextInt(100) < 5;
      method.isFinal = !method.isStatic && random.nextInt(100) < 10;
    }

    Set<String> used = new HashSet<>();
    for (TypeVar var : classScope) {
      used.add(var.name);
    }
    List<TypeVar> scope =
        new ArrayList<>(method.isStatic ? Collections.<TypeVar>emptyList() : classScope);
    int typeParams = random.nextInt(100) < 55 ? 0 : random.nextInt(100) < 70 ? 1 : 2;
    for (int i = 0; i < typeParams; i++) {
      String name = pick(METHOD_VARS);
      if (used.contains(name)) {
        continue;
      }
      used.add(name);
      TypeVar var = new TypeVar(name);
      methodBound(var, scope);
      method.typeParams.add(var);
      scope.add(var);
    }

    int choice = random.nextInt(100);
    boolean raw = random.nextInt(100) < 4;
    method.returnType =
        choice < 15 ? Ty.primitive("void")
            : choice < 30 ? Ty.primitive(pick(PRIMITIVES))
            : choice < 38 ? Ty.declared("Comparable", typeArgument(scope, 1))
            : raw ? Ty.declared(pick("List", "Map", "Collection"))
            : referenceType(scope, 2);

    drawParameters(method, scope, raw);
    drawThrown(method, scope);

    boolean annotatable = !method.isStatic && !method.isFinal && !method.isPrivate();
    if (annotatable && random.nextInt(100) < 40) {
      method.annotation = retryable();
    }
    method.deprecated = random.nextInt(100) < 5;
    // Overloads differ in arity here, so no two are ambiguous or have the same erasure.
    if (!signatures.add(method.erasedSignature())
        || !signatures.add(method.name + "/" + arity(method))) {
      return null;
    }
    return method;
  }

  /** Up to four parameters, the last one sometimes varargs; raw types sometimes if {@code raw}. */
  private void drawParameters(Method method, List<TypeVar> scope, boolean raw) {
    int params = random.nextInt(100) < 15 ? 0 : 1 + random.nextInt(4);
    Set<String> paramNames = new HashSet<>();
    for (int i = 0; i < params; i++) {
      String name = random.nextInt(100) < 45 ? pick(CLASHING_NAMES) : pick(PLAIN_NAMES);
      if (!paramNames.add(name)) {
        continue;
      }
      Ty type = anyType(scope, 2);
      if (raw && random.nextBoolean()) {
        type = Ty.declared(pick("List", "Map", "Set"));
      }
      method.params.add(new Param(type, name));
    }
    if (!method.params.isEmpty() && random.nextInt(100) < 30) {
      method.varargs = true;
      Param last = method.params.remove(method.params.size() - 1);
      method.params.add(new Param(Ty.array(anyType(scope, 1)), last.name));
    }
  }

  /** A throws clause: a throwable type variable in scope, checked and unchecked exceptions. */
  private void drawThrown(Method method, List<TypeVar> scope) {
    List<TypeVar> throwables = new ArrayList<>();
    for (TypeVar var : scope) {
      if (var.throwable) {
        throwables.add(var);
      }
    }
    if (!throwables.isEmpty() && random.nextInt(100) < 60) {
      method.thrown.add(Ty.variable(pick(throwables)));
    }
    int thrown = random.nextInt(100) < 40 ? 0 : 1 + random.nextInt(3);
    Set<String> thrownNames = new HashSet<>();
    for (int i = 0; i < thrown; i++) {
      String name = random.nextInt(100) < 80 ? pick(CHECKED) : pick(UNCHECKED);
      if (thrownNames.add(name)) {
        method.thrown.add(Ty.declared(name));
      }
    }
  }

  private static String arity(Method method) {
    return method.params.size() + (method.varargs ? "+" : "");
  }

  private void methodBound(TypeVar var, List<TypeVar> scope) {
    switch (random.nextInt(12)) {
      case 0:
      case 1:
        var.bounds.add(Ty.declared("Comparable", Ty.variable(var)));
        break;
      case 2:
        var.bounds.add(Ty.declared("Number"));
        break;
      case 3:
        var.bounds.add(Ty.declared("Number"));
        var.bounds.add(Ty.declared("Comparable", Ty.variable(var)));
        break;
      case 4:
        var.bounds.add(Ty.declared("CharSequence"));
        break;
      case 5:
        var.bounds.add(Ty.declared("Exception"));
        var.throwable = true;
        break;
      case 6:
        var.bounds.add(Ty.declared("IOException"));
        var.throwable = true;
        break;
      case 7:
        if (!scope.isEmpty()) {
          var.bounds.add(Ty.declared("List", Ty.variable(pick(scope))));
        }
        break;
      case 8:
        if (!scope.isEmpty()) {
          TypeVar other = pick(scope);
          var.bounds.add(Ty.variable(other));
          var.throwable = other.throwable;
        }
        break;
      case 9:
        if (!scope.isEmpty()) {
          var.bounds.add(
              Ty.declared(
                  "Map", Ty.declared("String"), Ty.wildcard(Ty.variable(pick(scope)), true)));
        }
        break;
      default:
        break;
    }
  }

  private Ty anyType(List<TypeVar> scope, int depth) {
    return random.nextInt(100) < 25 ? Ty.primitive(pick(PRIMITIVES)) : referenceType(scope, depth);
  }

  private Ty referenceType(List<TypeVar> scope, int depth) {
    int choice = random.nextInt(100);
    if (choice < 30 && !scope.isEmpty()) {
      return Ty.variable(pick(scope));
    }
    if (choice < 55 || depth <= 0) {
      return Ty.declared(pick(SIMPLE));
    }
    if (choice < 70) {
      return Ty.declared(pick(COLLECTIONS), typeArgument(scope, depth - 1));
    }
    if (choice < 85) {
      Ty key = random.nextBoolean() ? Ty.declared("String") : typeArgument(scope, depth - 1);
      return Ty.declared("Map", key, typeArgument(scope, depth - 1));
    }
    return Ty.array(anyType(scope, depth - 1));
  }

  private Ty typeArgument(List<TypeVar> scope, int depth) {
    int choice = random.nextInt(100);
    if (choice < 60) {
      return referenceType(scope, depth);
    }
    if (choice < 72) {
      return Ty.wildcard(null, true);
    }
    return Ty.wildcard(referenceType(scope, depth), choice < 88);
  }

  /**
   * Re-declares some inherited methods in the input (exactly, as a member of the input), with or
   * without an annotation; a class input implements every abstract method it inherits.
   */
  private void redeclareInherited(Shape input) {
    Set<String> classVars = new HashSet<>();
    for (TypeVar var : input.typeParams) {
      classVars.add(var.name);
    }
    for (Member member : inherited(input)) {
      Method base = member.method;
      boolean mustImplement = !input.isInterface && base.isAbstract;
      if (base.isFinal || (!mustImplement && random.nextInt(100) >= 30)) {
        continue;
      }
      input.methods.add(redeclare(input, member, classVars, mustImplement));
    }
  }

  /**
   * {@code member} re-declared in {@code input}, with all its exceptions if {@code keepThrown},
   * else some of them.
   */
  private Method redeclare(
      Shape input, Member member, Set<String> classVars, boolean keepThrown) {
    Method base = member.method;
    Method copy = new Method();
    copy.name = base.name;
    copy.overrides = base;
    copy.inInterface = input.isInterface;
    // As a member of the input: the supertype's type arguments substituted, and the method's
    // own type variables renamed where they would capture a type variable of the input.
    Map<String, Ty> renamed = new LinkedHashMap<>(member.substitution);
    for (TypeVar var : base.typeParams) {
      String name = var.name;
      while (classVars.contains(name)) {
        name = name + "2";
      }
      TypeVar fresh = new TypeVar(name);
      fresh.throwable = var.throwable;
      copy.typeParams.add(fresh);
      renamed.put(var.name, Ty.variable(fresh));
    }
    for (int i = 0; i < base.typeParams.size(); i++) {
      for (Ty bound : base.typeParams.get(i).bounds) {
        copy.typeParams.get(i).bounds.add(bound.subst(renamed));
      }
    }
    copy.returnType = base.returnType.subst(renamed);
    for (Param param : base.params) {
      copy.params.add(new Param(param.type.subst(renamed), param.name));
    }
    copy.varargs = base.varargs;
    for (Ty thrown : base.thrown) {
      if (keepThrown || random.nextInt(100) < 70) {
        copy.thrown.add(thrown.subst(renamed));
      }
    }
    copy.deprecated = isDeprecated(member);
    copy.writeOverride = random.nextBoolean();
    if (input.isInterface) {
      copy.isDefault = random.nextInt(100) < 25;
      copy.isAbstract = !copy.isDefault;
      copy.visibility = pick("", "public");
    } else {
      copy.visibility =
          base.inInterface || base.visibility.equals("public") || random.nextBoolean()
              ? "public"
              : base.visibility;
      copy.isFinal = random.nextInt(100) < 10;
    }
    if (!copy.isFinal && random.nextInt(100) < 40) {
      copy.annotation = retryable();
    }
    return copy;
  }

  private static boolean isDeprecated(Member member) {
    for (Method method : member.chain) {
      if (method.deprecated) {
        return true;
      }
    }
    return false;
  }

  /**
   * The methods {@code shape} inherits from its supertypes (not those it declares), nearest
   * first, each once, with the substitution that makes them members of {@code shape}.
   */
  static List<Member> inherited(Shape shape) {
    List<Member> members = new ArrayList<>();
    Set<Method> seen = new HashSet<>();
    for (Super sup : shape.supers()) {
      Map<String, Ty> map = sup.substitution();
      for (Member member : members(sup.shape)) {
        if (!seen.add(member.method)) {
          continue;
        }
        Map<String, Ty> composed = map;
        if (!sup.shape.methods.contains(member.method)) {
          // Inherited by the supertype: its substitution is in terms of the supertype's variables.
          composed = new LinkedHashMap<>();
          for (Map.Entry<String, Ty> entry : member.substitution.entrySet()) {
            composed.put(entry.getKey(), entry.getValue().subst(map));
          }
        }
        members.add(new Member(member.method, composed, member.chain));
      }
    }
    return members;
  }

  /** The member methods of {@code shape}: its own, then inherited ones it does not redeclare. */
  static List<Member> members(Shape shape) {
    List<Member> members = new ArrayList<>();
    Set<Method> overridden = new HashSet<>();
    for (Method method : shape.methods) {
      if (!method.isMember()) {
        continue;
      }
      List<Method> chain = new ArrayList<>();
      for (Method m = method; m != null; m = m.overrides) {
        chain.add(m);
        overridden.add(m);
      }
      members.add(new Member(method, Collections.<String, Ty>emptyMap(), chain));
    }
    for (Member member : inherited(shape)) {
      if (!overridden.contains(member.method)) {
        members.add(member);
      }
    }
    return members;
  }

  private static List<Shape> allSupertypes(Shape shape) {
    List<Shape> all = new ArrayList<>();
    for (Super sup : shape.supers()) {
      all.add(sup.shape);
      all.addAll(allSupertypes(sup.shape));
    }
    return all;
  }

  /** SPEC §2: which members are guarded, and what the generated class declares. */
  private static Expectation expectation(Shape shape) {
    boolean typeLevel = shape.annotation != null;
    for (Shape sup : allSupertypes(shape)) {
      typeLevel |= sup.annotation != null;
    }
    int declared = 0;
    int guarded = 0;
    for (Method method : shape.methods) {
      if (shape.isInterface && method.objectMethod && method.name.equals("clone")) {
        declared++; // forwarded, never guarded
      }
    }
    List<Method> recovers = new ArrayList<>();
    for (Member member : members(shape)) {
      if (member.method.isRecover) {
        recovers.add(member.method);
      }
    }
    Map<String, AsyncPlan> async = new LinkedHashMap<>();
    for (Member member : members(shape)) {
      if (member.method.isRecover) {
        if (shape.isInterface) {
          declared++; // a default method, forwarded, never guarded
        }
        continue;
      }
      boolean annotated = typeLevel;
      for (Method method : member.chain) {
        annotated |= method.annotation != null;
      }
      boolean overridable = !member.method.isFinal;
      boolean isGuarded = annotated && overridable;
      if (isGuarded) {
        guarded++;
      }
      if (isGuarded || shape.isInterface) {
        declared++;
      }
      Method method = member.method;
      if (method.async != null) {
        async.put(
            Expectation.key(method.name, method.params.size(), method.varargs),
            plan(shape, method, isGuarded, recovers));
      }
    }
    return new Expectation(shape.binaryName(), shape.isInterface, declared, guarded, async);
  }

  /** The plan of {@code method}, an asynchronous member of {@code shape}. */
  private static AsyncPlan plan(
      Shape shape, Method method, boolean guarded, List<Method> visibleRecovers) {
    AsyncInfo info = method.async;
    boolean typeRetry = false;
    boolean typeBreaker = false;
    List<Shape> types = new ArrayList<>(allSupertypes(shape));
    types.add(shape);
    for (Shape type : types) {
      typeRetry |= type.annotation != null && type.annotation.contains("@Retryable");
      typeBreaker |= type.annotation != null && type.annotation.contains("@CircuitBreaker");
    }
    boolean known =
        guarded
            && !info.foreign
            && (info.ownRetry || info.ownBreaker)
            && (info.ownRetry || !typeRetry)
            && (info.ownBreaker || !typeBreaker);
    List<String[]> recovers = new ArrayList<>();
    for (Method recover : info.recovers) {
      recovers.add(new String[] {recover.name, recover.recoverFailure});
    }
    boolean recoversKnown =
        info.recoverName != null || info.recovers.containsAll(visibleRecovers);
    return new AsyncPlan(
        guarded,
        known,
        info.ownRetry,
        info.ownRetry ? info.maxAttempts : 1,
        info.retryFor,
        info.noRetryFor,
        info.notRecoverable,
        info.retryOnResult,
        info.retryIf,
        info.retryIfType,
        recovers,
        recoversKnown);
  }

  private void constructors(Shape input) {
    int count = random.nextInt(100) < 20 ? 0 : 1 + random.nextInt(3);
    Set<String> arities = new HashSet<>();
    boolean accessible = false;
    for (int i = 0; i < count; i++) {
      Ctor ctor = new Ctor();
      ctor.visibility = pick("public", "public", "protected", "", "private");
      List<TypeVar> scope = new ArrayList<>(input.typeParams);
      if (random.nextInt(100) < 20) {
        TypeVar var = new TypeVar("Q");
        methodBound(var, scope);
        ctor.typeParams.add(var);
        scope.add(var);
      }
      int params = random.nextInt(4);
      Set<String> names = new HashSet<>();
      for (int p = 0; p < params; p++) {
        String name = random.nextInt(100) < 50 ? pick(CLASHING_NAMES) : pick(PLAIN_NAMES);
        if (names.add(name)) {
          ctor.params.add(new Param(anyType(scope, 2), name));
        }
      }
      if (!ctor.params.isEmpty() && random.nextInt(100) < 30) {
        ctor.varargs = true;
        Param last = ctor.params.remove(ctor.params.size() - 1);
        ctor.params.add(new Param(Ty.array(anyType(scope, 1)), last.name));
      }
      for (TypeVar var : scope) {
        if (var.throwable && random.nextBoolean()) {
          ctor.thrown.add(Ty.variable(var));
          break;
        }
      }
      if (random.nextInt(100) < 30) {
        ctor.thrown.add(Ty.declared(pick(CHECKED)));
      }
      ctor.deprecated = random.nextInt(100) < 5;
      // By count alone: S(double...) and S(double[]) would have the same erasure.
      if (!arities.add(String.valueOf(ctor.params.size()))) {
        continue;
      }
      accessible |= !ctor.visibility.equals("private");
      input.ctors.add(ctor);
    }
    if (!input.ctors.isEmpty() && !accessible) {
      input.ctors.get(0).visibility = "public";
    }
  }

  private void fields(Shape input) {
    for (String field :
        Arrays.asList(
            "protected int attempt;", "String result;", "Object failure;", "long startNanos;",
            "Object delegate;", "protected Object options;", "Object retrier;")) {
      if (random.nextInt(100) < 15) {
        input.fields.add(field);
      }
    }
  }

  /** A valid {@code @Retryable}, sometimes followed by a direct {@code @Backoff}. */
  private String retryable() {
    List<String> attributes = new ArrayList<>();
    if (random.nextInt(100) < 40) {
      attributes.add("retryFor = " + classes(RETRY_FOR));
    }
    if (random.nextInt(100) < 25) {
      attributes.add("noRetryFor = " + classes(FAILURES));
    }
    if (random.nextInt(100) < 40) {
      attributes.add("maxAttempts = " + (1 + random.nextInt(8)));
    }
    long delay = 1000;
    // The longest wait of a backoff that varies by no draw, 0 for one that does: a maxDuration
    // that the waits alone reach before maxAttempts is a compile warning (SPEC §13), and the
    // shapes must compile without warnings.
    long longestFixedWait = 1000;
    String backoff = null;
    if (random.nextInt(100) < 50) {
      List<String> backoffAttributes = new ArrayList<>();
      boolean explicitDelay = random.nextInt(100) < 80;
      if (explicitDelay) {
        delay = pick(0L, 1L, 10L, 50L, 100L, 250L, 1000L, 30000L);
        backoffAttributes.add("delay = " + delay);
      }
      double multiplier = 0;
      if (random.nextInt(100) < 50) {
        multiplier = pick(0.0, 1.0, 1.5, 2.0, 3.0);
        backoffAttributes.add("multiplier = " + multiplier);
      }
      boolean exponential = multiplier > 1;
      long maxDelay = 0;
      if (random.nextInt(100) < 50) {
        maxDelay = delay + pick(0L, 1L, 100L, 5000L);
        if (maxDelay > 0) {
          backoffAttributes.add("maxDelay = " + maxDelay);
        }
      }
      longestFixedWait = exponential ? (maxDelay > 0 ? maxDelay : 30000L) : delay;
      boolean randomWait = (exponential || maxDelay > delay) && random.nextInt(100) < 50;
      double jitter = random.nextInt(100) < 30 ? pick(0.0, 0.1, 0.25, 0.5, 1.0) : -1;
      // A maxDelay above a fixed delay caps nothing without random or jitter: a warning.
      randomWait |= !exponential && maxDelay > delay && jitter <= 0;
      if (randomWait) {
        backoffAttributes.add("random = true");
        longestFixedWait = 0;
      }
      if (jitter >= 0) {
        backoffAttributes.add("jitter = " + jitter);
        longestFixedWait = jitter > 0 ? 0 : longestFixedWait;
      }
      backoff = "@Backoff(" + String.join(", ", backoffAttributes) + ")";
    }
    if (random.nextInt(100) < 20) {
      // Above the sum of up to 7 fixed waits; just above the delay when the waits vary.
      attributes.add(
          "maxDuration = " + (Math.max(delay, 7 * longestFixedWait) + pick(1L, 10L, 60000L)));
    }
    if (random.nextInt(100) < 15) {
      // Escapes, and what JavaPoet would read as its own placeholders.
      String label =
          pick(
              "custom", "with \\\"quotes\\\"", "back\\\\slash", "dollar $L $S",
              "tab\\tand\\u00e9");
      attributes.add("label = \"" + label + "\"");
    }
    boolean direct = backoff != null && random.nextInt(100) < 30;
    if (backoff != null && !direct) {
      attributes.add("backoff = " + backoff);
    }
    String annotation = "@Retryable";
    if (!attributes.isEmpty()) {
      annotation += "(" + String.join(", ", attributes) + ")";
    }
    if (direct) {
      annotation += "\n" + backoff;
    }
    // The retry's draws above happen either way, so that a seed keeps its other shapes.
    int guards = breakers.nextInt(100);
    if (guards < 12) {
      return circuitBreaker(); // a breaker alone, no retry
    }
    return guards < 40 ? annotation + "\n" + circuitBreaker() : annotation;
  }

  /**
   * A valid {@code @CircuitBreaker}. Breakers are shared by name in the process, and an unnamed one
   * by the method's label, which inputs may share ({@code label = "custom"}, overloads): an unnamed
   * breaker keeps the default window, ratio, delay and trials, so that any two agree; one with
   * settings of its own gets a name of its own.
   */
  private String circuitBreaker() {
    List<String> attributes = new ArrayList<>();
    if (breakers.nextInt(100) < 30) {
      attributes.add("failOn = IllegalStateException.class");
    }
    if (breakers.nextInt(100) < 20) {
      attributes.add("skipOn = UncheckedIOException.class");
    }
    int plain = attributes.size();
    if (breakers.nextInt(100) < 40) {
      attributes.add("requestVolumeThreshold = " + (1 + breakers.nextInt(30)));
    }
    if (breakers.nextInt(100) < 30) {
      attributes.add("failureRatio = " + (1 + breakers.nextInt(10)) / 10.0);
    }
    if (breakers.nextInt(100) < 30) {
      attributes.add("delay = " + breakers.nextInt(10_000));
    }
    if (breakers.nextInt(100) < 20) {
      attributes.add("successThreshold = " + (1 + breakers.nextInt(3)));
    }
    if (attributes.size() > plain) {
      attributes.add("name = \"" + uniqueBreakerName() + "\"");
    }
    return attributes.isEmpty()
        ? "@CircuitBreaker"
        : "@CircuitBreaker(" + String.join(", ", attributes) + ")";
  }

  /** A breaker name no other input of any seed uses: the seed and a count within the input. */
  private String uniqueBreakerName() {
    return "breaker-" + seed + "-" + breakerNames++;
  }

  private String classes(List<String> failures) {
    return classes(failures, new ArrayList<>());
  }

  /** As above; adds the names drawn to {@code into}. */
  private String classes(List<String> failures, List<String> into) {
    int count = 1 + (random.nextInt(100) < 30 ? random.nextInt(3) : 0);
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < count; i++) {
      String name = pick(failures);
      if (names.add(name + ".class")) {
        into.add(name);
      }
    }
    return names.size() == 1
        ? names.iterator().next()
        : "{" + String.join(", ", names) + "}";
  }

  // ---------------------------------------------------------------------------------------------
  // Asynchronous methods (SPEC §7): drawn last, from their own generator.

  /**
   * Adds asynchronous methods to the input and to some of its supertypes, with their recover
   * methods and predicates, and sometimes re-declares an inherited one in the input. Drawn from
   * {@link #async} after everything else, through the same helpers: a seed keeps the synchronous
   * shapes it drew before, and gets these besides.
   */
  private void addAsync(Shape input) {
    random = async;
    try {
      for (Shape shape : new ArrayList<>(allShapes)) {
        if (!shape.container && shape != input && random.nextInt(100) < 10) {
          Method method = asyncMethod(shape, true);
          if (method != null && random.nextInt(100) < 35) {
            redeclareAsync(input, method);
          }
        }
      }
      int count = random.nextInt(100) < 60 ? 0 : random.nextInt(100) < 85 ? 1 : 2;
      for (int i = 0; i < count; i++) {
        asyncMethod(input, false);
      }
    } finally {
      random = shapes;
    }
  }

  private void count(String feature) {
    features.merge(feature, 1, Integer::sum);
  }

  /**
   * A method of {@code owner} that returns {@code CompletionStage<X>} or {@code
   * CompletableFuture<X>}: abstract or default in an interface (always default in a supertype,
   * which a class input would otherwise have to implement), with a body in a class.
   */
  private Method asyncMethod(Shape owner, boolean supertype) {
    Method method = new Method();
    method.name =
        supertype
            ? pick(ASYNC_BASE_NAMES) + owner.simpleName.replaceAll("[^0-9]", "")
            : pick(ASYNC_NAMES);
    method.inInterface = owner.isInterface;
    if (owner.isInterface) {
      method.isDefault = supertype || random.nextInt(100) < 20;
      method.isAbstract = !method.isDefault;
      method.visibility = pick("", "public");
    } else {
      method.visibility = pick("public", "public", "protected", "");
    }
    Set<String> used = new HashSet<>();
    for (TypeVar var : owner.typeParams) {
      used.add(var.name);
    }
    List<TypeVar> scope = new ArrayList<>(owner.typeParams);
    int typeParams = random.nextInt(100) < 60 ? 0 : 1 + random.nextInt(2);
    for (int i = 0; i < typeParams; i++) {
      String name = pick(METHOD_VARS);
      if (used.add(name)) {
        TypeVar var = new TypeVar(name);
        methodBound(var, scope);
        method.typeParams.add(var);
        scope.add(var);
      }
    }
    Ty value = asyncValue(scope);
    String future = random.nextBoolean() ? "CompletionStage" : "CompletableFuture";
    method.returnType = Ty.declared(future, value);
    boolean raw = random.nextInt(100) < 4;
    drawParameters(method, scope, raw);
    drawThrown(method, scope);
    method.deprecated = random.nextInt(100) < 5;
    Set<String> signatures = new HashSet<>();
    for (Method other : owner.methods) {
      signatures.add(other.erasedSignature());
      signatures.add(other.name + "/" + arity(other));
    }
    if (signatures.contains(method.erasedSignature())
        || signatures.contains(method.name + "/" + arity(method))) {
      return null;
    }
    method.async = new AsyncInfo();
    owner.methods.add(method);
    count("async methods");
    count(future);
    count(owner.isInterface ? "in interfaces" : "in classes");
    count(supertype ? "inherited" : "declared by the input");
    if (value.kind == 'W') {
      count("wildcard " + (value.inner == null ? "?" : value.upper ? "? extends" : "? super"));
    }
    if (!method.typeParams.isEmpty()) {
      count("generic methods");
    }
    if (method.varargs) {
      count("varargs");
    }
    if (!method.thrown.isEmpty()) {
      count("throws clauses");
    }
    if (random.nextInt(100) >= 20) { // else guarded by type-level annotations, if any apply
      asyncAnnotation(owner, method);
    }
    return method;
  }

  /**
   * Re-declares the asynchronous method {@code inherited} of a supertype in {@code input}, as a
   * member of the input, sometimes returning a {@code CompletableFuture} where the supertype's
   * returns a {@code CompletionStage} (covariantly). Without an annotation of its own, the
   * supertype method's annotations guard it, with their recover methods and predicates.
   */
  private void redeclareAsync(Shape input, Method inherited) {
    Member member = null;
    for (Member each : inherited(input)) {
      if (each.method == inherited) {
        member = each;
      }
    }
    if (member == null) {
      return; // another supertype's method of the same name came first
    }
    Set<String> classVars = new HashSet<>();
    for (TypeVar var : input.typeParams) {
      classVars.add(var.name);
    }
    Method copy = redeclare(input, member, classVars, true);
    if (copy.annotation == null) {
      copy.async = inherited.async;
    } else {
      // Guarded by the kinds its own annotation has, else by the supertype method's ones.
      copy.async = new AsyncInfo();
      copy.async.foreign = true;
      if (!copy.annotation.contains("@Retryable")) {
        copy.async.retryOnResult = inherited.async.retryOnResult;
      }
    }
    boolean recoversWithStage = false;
    for (Method recover : inherited.async.recovers) {
      recoversWithStage |= isFuture(recover.returnType);
    }
    // A recover method that returns the supertype method's CompletionStage would not fit.
    if (copy.returnType.name.equals("CompletionStage")
        && !recoversWithStage
        && random.nextInt(100) < 70) {
      copy.returnType = Ty.declared("CompletableFuture", copy.returnType.args.get(0));
      count("covariant CompletableFuture");
    }
    input.methods.add(copy);
    count("re-declared");
  }

  /** X of a {@code CompletionStage<X>}: the value types SPEC §7 has rules for, and more. */
  private Ty asyncValue(List<TypeVar> scope) {
    int choice = random.nextInt(100);
    if (choice < 20) {
      Ty plain = Ty.declared(pick("String", "Integer", "Long", "Object", "Void", "Support.Item"));
      count(plain.name.equals("Support.Item") ? "value of a user type" : "value of a plain type");
      return plain;
    }
    if (choice < 35 && !scope.isEmpty()) {
      count("value of a type variable");
      return Ty.variable(pick(scope));
    }
    if (choice < 52) {
      switch (random.nextInt(6)) {
        case 0:
          return Ty.wildcard(null, true);
        case 1:
          return Ty.wildcard(Ty.declared("Number"), true);
        case 2:
          return Ty.wildcard(Ty.declared("Integer"), false);
        case 3:
          return scope.isEmpty()
              ? Ty.wildcard(Ty.declared("CharSequence"), true)
              : Ty.wildcard(Ty.variable(pick(scope)), random.nextBoolean());
        default:
          return Ty.wildcard(referenceType(scope, 1), random.nextBoolean());
      }
    }
    if (choice < 68) {
      count("value with nested type arguments");
      switch (random.nextInt(4)) {
        case 0:
          Ty map = Ty.declared("Map", Ty.declared("String"), Ty.wildcard(null, true));
          return Ty.declared("List", Ty.wildcard(map, true));
        case 1:
          Ty key = scope.isEmpty() ? Ty.declared("String") : Ty.variable(pick(scope));
          Ty element = scope.isEmpty() ? Ty.declared("Integer") : Ty.variable(pick(scope));
          return Ty.declared("Map", key, Ty.declared("List", element));
        case 2:
          count("value of a user type");
          return Ty.declared("Support.Box", typeArgument(scope, 1));
        default:
          return Ty.array(anyType(scope, 1));
      }
    }
    if (choice < 71) {
      count("value of a raw type");
      return Ty.declared(pick("List", "Map", "Support.Box"));
    }
    return typeArgument(scope, 2);
  }

  private static boolean isFuture(Ty type) {
    return type.kind == 'D'
        && (type.name.equals("CompletionStage") || type.name.equals("CompletableFuture"));
  }

  /** What the future of {@code method} completes with (SPEC §7), as the recover methods see it. */
  private static Ty valueOf(Method method) {
    Ty argument = method.returnType.args.get(0);
    if (argument.kind != 'W') {
      return argument;
    }
    return argument.inner != null && argument.upper ? argument.inner : Ty.declared("Object");
  }

  /** Whether {@code type} mentions one of {@code vars}. */
  private static boolean mentions(Ty type, List<TypeVar> vars) {
    switch (type.kind) {
      case 'V':
        for (TypeVar var : vars) {
          if (var.name.equals(type.name)) {
            return true;
          }
        }
        return false;
      case 'D':
        for (Ty arg : type.args) {
          if (mentions(arg, vars)) {
            return true;
          }
        }
        return false;
      case 'W':
      case 'A':
        return type.inner != null && mentions(type.inner, vars);
      default:
        return false;
    }
  }

  /** The method's own {@code @Retryable}, {@code @CircuitBreaker} or both, with their helpers. */
  private void asyncAnnotation(Shape owner, Method method) {
    AsyncInfo info = method.async;
    int kind = random.nextInt(100);
    info.ownRetry = kind < 80;
    info.ownBreaker = kind >= 60;
    List<String> attributes = new ArrayList<>();
    String backoff = null;
    boolean direct = false;
    if (info.ownRetry) {
      if (random.nextInt(100) < 40) {
        attributes.add("retryFor = " + classes(FAILURES, info.retryFor));
      }
      if (random.nextInt(100) < 20) {
        attributes.add("noRetryFor = " + classes(FAILURES, info.noRetryFor));
      }
      if (random.nextInt(100) < 10) {
        attributes.add("notRecoverable = " + classes(FAILURES, info.notRecoverable));
      }
      if (random.nextInt(100) < 60) {
        info.maxAttempts = 1 + random.nextInt(4);
        attributes.add("maxAttempts = " + info.maxAttempts);
      }
      // Any wait: the test's scheduler runs the next attempt at once.
      int wait = random.nextInt(100);
      if (wait < 55) {
        backoff = "@Backoff(delay = 0)";
      } else if (wait < 75) {
        backoff = "@Backoff(delay = " + pick(1L, 10L, 1000L) + ", multiplier = 2.0)";
      } else if (wait < 85) {
        backoff = "@Backoff(delay = " + pick(5L, 100L) + ", maxDelay = 500, random = true)";
      }
      direct = backoff != null && random.nextInt(100) < 30;
      if (backoff != null && !direct) {
        attributes.add("backoff = " + backoff);
      }
      if (random.nextInt(100) < 10) {
        // Longer than the test's calls take, whose waits are not waited for.
        attributes.add("maxDuration = 600000");
      }
      if (random.nextInt(100) < 40) {
        Method predicate = resultPredicate(owner, method);
        info.retryOnResult = predicate.name;
        attributes.add("retryOnResult = \"" + predicate.name + "\"");
        owner.methods.add(predicate);
      }
      if (random.nextInt(100) < 15) {
        Method predicate = failurePredicate(owner, method);
        info.retryIf = predicate.name;
        info.retryIfType = predicate.params.get(0).type.name;
        attributes.add("retryIf = \"" + predicate.name + "\"");
        owner.methods.add(predicate);
      }
      if (random.nextInt(100) < 10) {
        attributes.add("label = \"" + pick("async", "dollar $L $S", "quote\\\"d") + "\"");
      }
    }
    if (random.nextInt(100) < 55) {
      boolean named = info.ownRetry && random.nextInt(100) < 70;
      String name = named ? helperName("recover", "recover", "get") : null;
      int count = random.nextInt(100) < 30 ? 2 : 1;
      for (int i = 0; i < count; i++) {
        Method recover = recoverMethod(owner, method, name);
        if (recover != null) {
          info.recovers.add(recover);
          owner.methods.add(recover);
        }
      }
      if (named && !info.recovers.isEmpty()) {
        info.recoverName = name;
        attributes.add("recover = \"" + name + "\"");
      }
    }
    List<String> lines = new ArrayList<>();
    if (info.ownRetry) {
      lines.add(
          attributes.isEmpty()
              ? "@Retryable"
              : "@Retryable(" + String.join(", ", attributes) + ")");
      if (direct) {
        lines.add(backoff);
      }
      count("@Retryable");
    }
    if (info.ownBreaker) {
      lines.add(asyncBreaker());
      count("@CircuitBreaker");
    }
    method.annotation = String.join("\n", lines);
  }

  /**
   * An unnamed breaker that the test's calls never open: its window holds more calls than the test
   * makes on one instance.
   */
  private String asyncBreaker() {
    List<String> attributes = new ArrayList<>();
    if (random.nextInt(100) < 30) {
      attributes.add("failOn = " + pick("IllegalStateException.class", "IOException.class"));
    }
    if (random.nextInt(100) < 20) {
      attributes.add("skipOn = UncheckedIOException.class");
    }
    int plain = attributes.size();
    if (random.nextInt(100) < 60) {
      attributes.add("requestVolumeThreshold = " + (12 + random.nextInt(20)));
    }
    if (random.nextInt(100) < 30) {
      attributes.add("failureRatio = " + (1 + random.nextInt(10)) / 10.0);
    }
    if (random.nextInt(100) < 30) {
      attributes.add("delay = " + random.nextInt(10_000));
    }
    if (attributes.size() > plain) {
      attributes.add("name = \"" + uniqueBreakerName() + "\"");
    }
    return attributes.isEmpty()
        ? "@CircuitBreaker"
        : "@CircuitBreaker(" + String.join(", ", attributes) + ")";
  }

  /**
   * A {@code @Recover} method of {@code method}: an optional failure parameter (one no other
   * recover method of the input has), a prefix of the method's parameters, and the value or the
   * future type as its result (SPEC §7). Null if none can be written: a recover method cannot
   * declare the method's type variables.
   */
  private Method recoverMethod(Shape owner, Method method, String name) {
    List<TypeVar> methodVars = method.typeParams;
    Ty value = valueOf(method);
    List<Ty> returns = new ArrayList<>();
    if (!mentions(value, methodVars)) {
      returns.add(value);
      if (value.kind == 'D' && value.args.isEmpty()) {
        switch (value.name) {
          case "Object":
            returns.add(Ty.declared(pick("String", "Integer", "Support.Item")));
            returns.add(Ty.primitive("int"));
            break;
          case "Number":
            returns.add(Ty.declared("Integer"));
            returns.add(Ty.primitive("long"));
            break;
          case "Integer":
            returns.add(Ty.primitive("int"));
            break;
          case "Long":
            returns.add(Ty.primitive("long"));
            break;
          default:
            break;
        }
      }
      if (value.kind == 'D' && !value.args.isEmpty() && random.nextInt(100) < 8) {
        returns.add(Ty.declared(value.name)); // raw
      }
    }
    if (!mentions(method.returnType, methodVars)) {
      returns.add(method.returnType);
      returns.add(method.returnType);
      if (method.returnType.name.equals("CompletionStage")) {
        returns.add(Ty.declared("CompletableFuture", method.returnType.args.get(0)));
      }
      if (random.nextInt(100) < 8) {
        returns.add(Ty.declared("CompletableFuture")); // raw
      }
    }
    if (returns.isEmpty() || freeFailures.isEmpty()) {
      return null;
    }
    Method recover = new Method();
    recover.name = name != null ? name : helperName("fallback", "complete", "join");
    recover.isRecover = true;
    recover.annotation = "@Recover";
    recover.inInterface = owner.isInterface;
    if (owner.isInterface) {
      recover.isDefault = true;
      recover.visibility = pick("", "public");
    } else {
      recover.visibility = pick("public", "protected", "");
    }
    recover.returnType = pick(returns);
    String failure = freeFailures.remove(random.nextInt(freeFailures.size()));
    recover.recoverFailure = failure;
    Set<String> names = new HashSet<>();
    for (Param param : method.params) {
      names.add(param.name);
    }
    if (!failure.isEmpty()) {
      String failureName = "failure";
      for (String candidate : Arrays.asList("failure", "cause", "error", "thrown")) {
        if (!names.contains(candidate)) {
          failureName = candidate;
          break;
        }
      }
      recover.params.add(new Param(Ty.declared(failure), failureName));
    }
    int prefix = random.nextInt(method.params.size() + 1);
    for (int i = 0; i < prefix; i++) {
      Param param = method.params.get(i);
      Ty type = mentions(param.type, methodVars) ? Ty.declared("Object") : param.type;
      recover.params.add(new Param(type, param.name));
    }
    for (Ty thrown : method.thrown) {
      if (!mentions(thrown, methodVars) && random.nextInt(100) < 30) {
        recover.thrown.add(thrown);
      }
    }
    recover.deprecated = random.nextInt(100) < 8;
    for (Method other : owner.methods) {
      if (other.erasedSignature().equals(recover.erasedSignature())) {
        return null;
      }
    }
    count(
        isFuture(recover.returnType) ? "recover returns the future" : "recover returns the value");
    return recover;
  }

  /**
   * A name for a recover method or predicate, unique in the input: {@code prefix} and a number, or
   * now and then one of {@code plain}, named like the methods of the call class the generated code
   * calls them from ({@code AsyncCall}, a {@code CompletableFuture}).
   */
  private String helperName(String prefix, String... plain) {
    String name = pick(plain);
    if (random.nextInt(100) < 25 && usedNames.add(name)) {
      return name;
    }
    return prefix + helperNumber++;
  }

  /** A {@code retryOnResult} predicate that takes the value of {@code method}'s future. */
  private Method resultPredicate(Shape owner, Method method) {
    List<TypeVar> methodVars = method.typeParams;
    Ty value = valueOf(method);
    List<Ty> parameters = new ArrayList<>();
    parameters.add(Ty.declared("Object"));
    if (!mentions(value, methodVars)) {
      parameters.add(value);
      parameters.add(value);
      if (value.kind == 'D' && value.args.isEmpty() && value.name.equals("Integer")) {
        parameters.add(Ty.primitive(pick("int", "long")));
        parameters.add(Ty.declared("Number"));
      }
      if (value.kind == 'D' && !value.args.isEmpty() && random.nextInt(100) < 8) {
        parameters.add(Ty.declared(value.name)); // raw
      }
    } else if (value.kind == 'V'
        && !value.var.bounds.isEmpty()
        && !mentions(value.var.bounds.get(0), methodVars)) {
      parameters.add(value.var.bounds.get(0));
    }
    Ty parameter = pick(parameters);
    Method predicate =
        predicate(owner, "rejects", new String[] {"rejects", "call"}, parameter, "value");
    for (Ty thrown : method.thrown) {
      if (!mentions(thrown, methodVars)
          && !(predicate.isStatic && mentions(thrown, owner.typeParams))
          && random.nextInt(100) < 10) {
        predicate.thrown.add(thrown);
      }
    }
    count("retryOnResult");
    return predicate;
  }

  /** A {@code retryIf} predicate. */
  private Method failurePredicate(Shape owner, Method method) {
    Method predicate =
        predicate(
            owner,
            "isTransient",
            new String[] {"retryIf", "cancel"},
            Ty.declared(pick(RETRY_IF_TYPES)),
            "failure");
    count("retryIf");
    return predicate;
  }

  /** A boolean method of one parameter, static where it can be. */
  private Method predicate(
      Shape owner, String prefix, String[] plain, Ty parameter, String parameterName) {
    Method predicate = new Method();
    predicate.name = helperName(prefix, plain);
    for (Method other : owner.methods) {
      if (other.name.equals(predicate.name) && other.params.size() == 1) {
        predicate.name = prefix + helperNumber++; // an overload of the same arity
      }
    }
    predicate.inInterface = owner.isInterface;
    predicate.returnType = Ty.primitive("boolean");
    predicate.params.add(new Param(parameter, parameterName));
    predicate.isStatic = !mentions(parameter, owner.typeParams) && random.nextBoolean();
    if (owner.isInterface) {
      predicate.isDefault = !predicate.isStatic;
      predicate.visibility = pick("", "public");
    } else {
      predicate.visibility = pick("public", "protected", "");
    }
    predicate.deprecated = random.nextInt(100) < 8;
    return predicate;
  }

  // ---------------------------------------------------------------------------------------------
  // Rendering.

  private String compilationUnit(Shape top) {
    StringBuilder text = new StringBuilder();
    text.append("package ").append(PACKAGE).append(";\n\n").append(IMPORTS);
    if (!features.isEmpty()) {
      text.append(ASYNC_IMPORTS);
    }
    text.append('\n');
    render(top, text, "");
    return text.toString();
  }

  private void render(Shape shape, StringBuilder text, String indent) {
    if (shape.annotation != null) {
      text.append(indent).append(shape.annotation.replace("\n", "\n" + indent)).append('\n');
    }
    text.append(indent).append(modifiers(shape.visibility));
    boolean nestedClass = !shape.enclosing.isEmpty() && !shape.isInterface;
    boolean inInterface = false;
    if (nestedClass) {
      text.append("static ");
    }
    if (shape.container && !shape.isInterface && shape.enclosing.isEmpty()) {
      text.append("final ");
    }
    text.append(shape.isInterface ? "interface " : "class ").append(shape.simpleName);
    text.append(typeParameters(shape.typeParams));
    if (shape.superclass != null) {
      text.append(" extends ").append(shape.superclass.src());
    }
    if (!shape.interfaces.isEmpty()) {
      text.append(shape.isInterface ? " extends " : " implements ");
      for (int i = 0; i < shape.interfaces.size(); i++) {
        text.append(i == 0 ? "" : ", ").append(shape.interfaces.get(i).src());
      }
    }
    text.append(" {\n");
    String inner = indent + "  ";
    if (shape.container && !shape.isInterface && shape.enclosing.isEmpty()) {
      text.append(inner).append("private ").append(shape.simpleName).append("() {}\n");
    }
    if (!shape.isInterface && !shape.container) {
      text.append(inner).append("Object[] ctorArgs;\n");
      for (String field : shape.fields) {
        text.append(inner).append(field).append('\n');
      }
      for (Ctor ctor : shape.ctors) {
        text.append('\n');
        renderCtor(shape, ctor, text, inner);
      }
    }
    for (Method method : shape.methods) {
      text.append('\n');
      renderMethod(shape, method, text, inner);
    }
    for (Shape nested : shape.nested) {
      text.append('\n');
      render(nested, text, inner);
    }
    text.append(indent).append("}\n");
  }

  private void renderCtor(Shape shape, Ctor ctor, StringBuilder text, String indent) {
    if (ctor.deprecated) {
      text.append(indent).append("@Deprecated\n");
    }
    List<String> suppress = new ArrayList<>();
    if (ctor.varargs && !ctor.params.get(ctor.params.size() - 1).type.reifiable()) {
      suppress.add("unchecked");
    }
    for (Param param : ctor.params) {
      if (param.type.raw()) {
        suppress.add("rawtypes");
        break;
      }
    }
    suppressWarnings(suppress, text, indent);
    text.append(indent).append(modifiers(ctor.visibility)).append(typeParameters(ctor.typeParams));
    if (!ctor.typeParams.isEmpty()) {
      text.append(' ');
    }
    text.append(shape.simpleName);
    text.append('(').append(parameters(ctor.params, ctor.varargs)).append(')');
    text.append(throwsClause(ctor.thrown)).append(" {\n");
    text.append(indent).append("  this.ctorArgs = ").append(argumentArray(ctor.params));
    text.append(";\n");
    text.append(indent).append("}\n");
  }

  private void renderMethod(Shape shape, Method method, StringBuilder text, String indent) {
    if (method.objectMethod) {
      String declaration = "public " + method.returnType.src() + " " + method.name + "()";
      if (method.isAbstract) {
        text.append(indent).append(declaration.substring("public ".length())).append(";\n");
      } else {
        String value = method.name.equals("clone") ? "this" : "\"" + shape.simpleName + "\"";
        text.append(indent).append("@Override\n");
        text.append(indent).append(declaration).append(" {\n");
        text.append(indent).append("  return ").append(value).append(";\n");
        text.append(indent).append("}\n");
      }
      return;
    }
    if (method.writeOverride) {
      text.append(indent).append("@Override\n");
    }
    if (method.deprecated) {
      text.append(indent).append("@Deprecated\n");
    }
    List<String> suppress = new ArrayList<>();
    if (method.needsUncheckedSuppression()) {
      suppress.add("unchecked");
    }
    if (method.hasRawType()) {
      suppress.add("rawtypes");
    }
    suppressWarnings(suppress, text, indent);
    if (method.annotation != null) {
      text.append(indent).append(method.annotation.replace("\n", "\n" + indent)).append('\n');
    }
    text.append(indent).append(modifiers(method.visibility));
    if (method.isStatic) {
      text.append("static ");
    }
    if (method.isDefault) {
      text.append("default ");
    }
    if (method.isFinal) {
      text.append("final ");
    }
    if (!method.typeParams.isEmpty()) {
      text.append(typeParameters(method.typeParams)).append(' ');
    }
    text.append(method.returnType.src()).append(' ').append(method.name).append('(');
    text.append(parameters(method.params, method.varargs)).append(')');
    text.append(throwsClause(method.thrown));
    if (method.isAbstract) {
      text.append(";\n");
      return;
    }
    text.append(" {\n").append(indent).append("  ");
    if (method.body != null) {
      text.append(method.body).append('\n').append(indent).append("}\n");
      return;
    }
    String call =
        "answer(" + (method.isStatic ? "null" : "this") + ", \"" + method.name + "\", "
            + argumentArray(method.params) + ")";
    if (method.returnType.isVoid()) {
      text.append("Support.").append(call);
    } else if (method.returnType.kind == 'P') {
      text.append("return Support.<").append(boxed(method.returnType.name)).append('>');
      text.append(call);
    } else {
      text.append("return Support.").append(call);
    }
    text.append(";\n").append(indent).append("}\n");
  }

  private static void suppressWarnings(List<String> warnings, StringBuilder text, String indent) {
    if (warnings.size() == 1) {
      text.append(indent).append("@SuppressWarnings(\"").append(warnings.get(0)).append("\")\n");
    } else if (warnings.size() > 1) {
      text.append(indent).append("@SuppressWarnings({\"").append(String.join("\", \"", warnings))
          .append("\"})\n");
    }
  }

  private static String boxed(String primitive) {
    switch (primitive) {
      case "int":
        return "Integer";
      case "char":
        return "Character";
      default:
        return Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1);
    }
  }

  private static String modifiers(String visibility) {
    return visibility.isEmpty() ? "" : visibility + " ";
  }

  private static String typeParameters(List<TypeVar> vars) {
    if (vars.isEmpty()) {
      return "";
    }
    StringBuilder text = new StringBuilder("<");
    for (int i = 0; i < vars.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(vars.get(i).declaration());
    }
    return text.append('>').toString();
  }

  private static String parameters(List<Param> params, boolean varargs) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < params.size(); i++) {
      Param param = params.get(i);
      text.append(i == 0 ? "" : ", ");
      if (varargs && i == params.size() - 1) {
        text.append(param.type.inner.src()).append("...");
      } else {
        text.append(param.type.src());
      }
      text.append(' ').append(param.name);
    }
    return text.toString();
  }

  private static String throwsClause(List<Ty> thrown) {
    if (thrown.isEmpty()) {
      return "";
    }
    StringBuilder text = new StringBuilder(" throws ");
    for (int i = 0; i < thrown.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(thrown.get(i).src());
    }
    return text.toString();
  }

  private static String argumentArray(List<Param> params) {
    StringBuilder text = new StringBuilder("new Object[] {");
    for (int i = 0; i < params.size(); i++) {
      text.append(i == 0 ? "" : ", ").append(params.get(i).name);
    }
    return text.append('}').toString();
  }

  @SafeVarargs
  private final <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private <T> T pick(List<T> choices) {
    return choices.get(random.nextInt(choices.size()));
  }
}
