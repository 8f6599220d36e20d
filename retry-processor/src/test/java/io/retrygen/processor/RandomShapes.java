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
      new HashSet<>(Arrays.asList("List", "Set", "Collection", "Map", "Comparable", "Class"));
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

  /** What the {@code *Retrying} class generated for one annotated type must declare. */
  static final class Expectation {
    final String inputBinaryName;
    final boolean isInterface;
    /** Methods the generated class declares: all of an interface's, the guarded of a class. */
    final int methods;
    /** Guarded methods: a {@code Retrier} field, a {@code CircuitBreakerGate} field or both each. */
    final int guarded;

    Expectation(String inputBinaryName, boolean isInterface, int methods, int guarded) {
      this.inputBinaryName = inputBinaryName;
      this.isInterface = isInterface;
      this.methods = methods;
      this.guarded = guarded;
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

    Input(long seed, int index, Map<String, String> files, Map<String, Expectation> expectations) {
      this.seed = seed;
      this.index = index;
      this.files = files;
      this.expectations = expectations;
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

  private final Random random;
  /**
   * Draws whether a guard is a {@code @Retryable}, a {@code @CircuitBreaker} or both: a generator
   * of its own, so that {@link #random} draws the same shapes for a seed as before breakers
   * existed.
   */
  private final Random breakers;
  private final long seed;
  private final int index;
  private final List<Shape> allShapes = new ArrayList<>();

  private RandomShapes(long seed, int index) {
    this.random = new Random(seed);
    this.breakers = new Random(seed * 31 + 17);
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
    return new Input(seed, index, files, expectations);
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
        if (mustImplement || random.nextInt(100) < 70) {
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
      input.methods.add(copy);
    }
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
    for (Member member : members(shape)) {
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
    }
    return new Expectation(shape.binaryName(), shape.isInterface, declared, guarded);
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
      if ((exponential || maxDelay > delay) && random.nextInt(100) < 50) {
        backoffAttributes.add("random = true");
      }
      if (random.nextInt(100) < 30) {
        backoffAttributes.add("jitter = " + pick(0.0, 0.1, 0.25, 0.5, 1.0));
      }
      backoff = "@Backoff(" + String.join(", ", backoffAttributes) + ")";
    }
    if (random.nextInt(100) < 20) {
      attributes.add("maxDuration = " + (delay + pick(1L, 10L, 60000L)));
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

  /** A valid, unnamed {@code @CircuitBreaker} (a named one would be shared across inputs). */
  private String circuitBreaker() {
    List<String> attributes = new ArrayList<>();
    if (breakers.nextInt(100) < 30) {
      attributes.add("failOn = IllegalStateException.class");
    }
    if (breakers.nextInt(100) < 20) {
      attributes.add("skipOn = UncheckedIOException.class");
    }
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
    return attributes.isEmpty()
        ? "@CircuitBreaker"
        : "@CircuitBreaker(" + String.join(", ", attributes) + ")";
  }

  private String classes(List<String> failures) {
    int count = 1 + (random.nextInt(100) < 30 ? random.nextInt(3) : 0);
    Set<String> names = new LinkedHashSet<>();
    for (int i = 0; i < count; i++) {
      names.add(pick(failures) + ".class");
    }
    return names.size() == 1
        ? names.iterator().next()
        : "{" + String.join(", ", names) + "}";
  }

  // ---------------------------------------------------------------------------------------------
  // Rendering.

  private String compilationUnit(Shape top) {
    StringBuilder text = new StringBuilder();
    text.append("package ").append(PACKAGE).append(";\n\n").append(IMPORTS).append('\n');
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
