package io.retrygen.processor.write;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeVariableName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.type.TypeMirror;

/**
 * The names of the members a generated class adds per guarded method: its policy constants
 * ({@code CHARGE_POLICY}, {@code CHARGE_BREAKER}) and fields ({@code chargeRetrier}, {@code
 * chargeBreaker}). A method's name alone when it is unique among the guarded methods; overloads
 * add their parameter types ({@code callString}, {@code callIntArray}), and only what still
 * clashes gets a number.
 */
public final class MemberNames {
  /**
   * Guarded methods per class. The generated class binds the policies of its guarded methods in
   * its class initializer and constructors, which the JVM limits to 64 KB of code each: some 70
   * bytes per method at most, so that past about 900 methods javac reports "code too large".
   * The first {@code CHUNK} stay in the generated class; each further {@code CHUNK} go into a
   * nested class of their own, which holds their policies and guards ({@link #holderClass}).
   */
  static final int CHUNK = 500;

  private final Map<GuardedMethod, String> bases;
  /** The guarded methods of each chunk, the generated class's own first. */
  private final List<List<GuardedMethod>> chunks;
  private final Map<GuardedMethod, Integer> chunkOf;
  /** The names of the nested classes of chunks 1, 2...: {@code Guards2}, {@code Guards3}... */
  private final List<String> holders;
  /** The names of the hooks classes, {@code ChargeHooks}, of the methods that have hooks. */
  private final Map<GuardedMethod, String> hooks;

  private MemberNames(
      Map<GuardedMethod, String> bases, Set<String> typeNamesInScope) {
    this.bases = bases;
    this.chunks = new ArrayList<>();
    this.chunkOf = new HashMap<>();
    for (GuardedMethod method : bases.keySet()) {
      if (chunkOf.size() % CHUNK == 0) {
        chunks.add(new ArrayList<GuardedMethod>());
      }
      chunks.get(chunks.size() - 1).add(method);
      chunkOf.put(method, chunks.size() - 1);
    }
    this.holders = new ArrayList<>();
    for (int chunk = 1; chunk < chunks.size(); chunk++) {
      String name = "Guards" + (chunk + 1);
      while (typeNamesInScope.contains(name)) {
        name = name + "_";
      }
      holders.add(name);
    }
    this.hooks = new HashMap<>();
    for (GuardedMethod method : bases.keySet()) {
      if (HooksWriter.needsHooks(method)) {
        String base = bases.get(method);
        String name = capitalized(base) + "Hooks";
        // A method named retry must not name its hooks after the class they extend.
        while (typeNamesInScope.contains(name)
            || holders.contains(name)
            || name.equals(Names.RETRY_HOOKS.simpleName())) {
          name = name + "_";
        }
        hooks.put(method, name);
      }
    }
  }

  static MemberNames of(RetryableType model) {
    Map<String, Integer> overloads = new HashMap<>();
    for (GuardedMethod method : model.methods()) {
      if (method.isGuarded()) {
        overloads.merge(method.method().getSimpleName().toString(), 1, Integer::sum);
      }
    }
    Map<GuardedMethod, String> bases = new LinkedHashMap<>();
    Set<String> taken = new HashSet<>();
    for (GuardedMethod method : model.methods()) {
      if (!method.isGuarded()) {
        continue;
      }
      String name = method.method().getSimpleName().toString();
      StringBuilder base = new StringBuilder(name);
      if (overloads.get(name) > 1) {
        for (TypeMirror parameter : method.type().getParameterTypes()) {
          base.append(capitalized(simpleName(TypeName.get(parameter))));
        }
      }
      // Unique by the constant too: callX and call_x would both make CALL_X_POLICY.
      String unique = base.toString();
      for (int i = 2; taken.contains(unique) || taken.contains(constantOf(unique, "")); i++) {
        unique = base.toString() + i;
      }
      taken.add(unique);
      taken.add(constantOf(unique, ""));
      bases.put(method, unique);
    }
    return new MemberNames(bases, model.typeNamesInScope());
  }

  /** {@code chargeRetrier}. */
  String retrierField(GuardedMethod method) {
    return bases.get(method) + "Retrier";
  }

  /** {@code CHARGE_POLICY}, {@code LEGACY_TOTAL_POLICY}. */
  String policyConstant(GuardedMethod method) {
    return constantOf(bases.get(method), "_POLICY");
  }

  /** {@code chargeBreaker}. */
  String breakerField(GuardedMethod method) {
    return bases.get(method) + "Breaker";
  }

  /**
   * {@code ChargeHooks}: the inner class of the user code the decisions of {@code method} call;
   * null for a method without hooks ({@link HooksWriter#needsHooks}).
   */
  String hooksClass(GuardedMethod method) {
    return hooks.get(method);
  }

  /** Whether a method of {@code chunk} has hooks, which its holder creates from the instance. */
  boolean chunkHasHooks(int chunk) {
    for (GuardedMethod method : methods(chunk)) {
      if (hooks.containsKey(method)) {
        return true;
      }
    }
    return false;
  }

  /** {@code chargeTimer}. */
  String timerField(GuardedMethod method) {
    return bases.get(method) + "Timer";
  }

  /** {@code CHARGE_TIMEOUT}. */
  String timeoutConstant(GuardedMethod method) {
    return constantOf(bases.get(method), "_TIMEOUT");
  }

  /** {@code CHARGE_BREAKER}. */
  String breakerConstant(GuardedMethod method) {
    return constantOf(bases.get(method), "_BREAKER");
  }

  /** {@code LEGACY_TOTAL} and the suffix; the base alone (empty suffix) tests uniqueness. */
  private static String constantOf(String base, String suffix) {
    StringBuilder constant = new StringBuilder();
    for (int i = 0; i < base.length(); i++) {
      char c = base.charAt(i);
      if (Character.isUpperCase(c) && i > 0 && !Character.isUpperCase(base.charAt(i - 1))) {
        constant.append('_');
      }
      constant.append(Character.toUpperCase(c));
    }
    return constant.append(suffix).toString();
  }

  /** The guarded methods in source order, each with its members' names. */
  Set<GuardedMethod> methods() {
    return bases.keySet();
  }

  /** The number of chunks: 1 for a type of up to {@link #CHUNK} guarded methods. */
  int chunkCount() {
    return chunks.size();
  }

  /** The guarded methods of {@code chunk} in source order; chunk 0 is the generated class's. */
  List<GuardedMethod> methods(int chunk) {
    return chunks.isEmpty() ? Collections.<GuardedMethod>emptyList() : chunks.get(chunk);
  }

  /**
   * The nested class that holds the policies and guards of {@code chunk} (from 1): {@code
   * Guards2}.
   */
  String holderClass(int chunk) {
    return holders.get(chunk - 1);
  }

  /** The generated class's field that holds its {@link #holderClass}: {@code guards2}. */
  String holderField(int chunk) {
    String holder = holderClass(chunk);
    return Character.toLowerCase(holder.charAt(0)) + holder.substring(1);
  }

  /**
   * {@code this.chargeRetrier}, or {@code this.guards2.chargeRetrier} in a later chunk; with
   * {@code nullSafe}, null while a superclass constructor runs, before the holder is set ({@code
   * this.guards2 == null ? null : this.guards2.chargeRetrier}).
   */
  CodeBlock retrier(GuardedMethod method, boolean nullSafe) {
    return read(method, retrierField(method), nullSafe);
  }

  /** {@code this.chargeBreaker}, as {@link #retrier} says. */
  CodeBlock breaker(GuardedMethod method, boolean nullSafe) {
    return read(method, breakerField(method), nullSafe);
  }

  /** {@code this.chargeTimer}, as {@link #retrier} says. */
  CodeBlock timer(GuardedMethod method, boolean nullSafe) {
    return read(method, timerField(method), nullSafe);
  }

  /**
   * What is null until the generated constructor has run: {@code this.chargeRetrier} (or {@code
   * this.chargeBreaker}, {@code this.chargeTimer}), or {@code this.guards2} in a later chunk.
   */
  CodeBlock unset(GuardedMethod method) {
    int chunk = chunkOf.get(method);
    if (chunk > 0) {
      return CodeBlock.of("this.$N", holderField(chunk));
    }
    return CodeBlock.of(
        "this.$N",
        method.retry() != null ? retrierField(method)
            : method.breaker() != null ? breakerField(method)
            : timerField(method));
  }

  private CodeBlock read(GuardedMethod method, String field, boolean nullSafe) {
    int chunk = chunkOf.get(method);
    if (chunk == 0) {
      return CodeBlock.of("this.$N", field);
    }
    String holder = holderField(chunk);
    return nullSafe
        ? CodeBlock.of("this.$1N == null ? null : this.$1N.$2N", holder, field)
        : CodeBlock.of("this.$N.$N", holder, field);
  }

  private static String simpleName(TypeName type) {
    if (type instanceof ArrayTypeName) {
      return simpleName(((ArrayTypeName) type).componentType) + "Array";
    }
    if (type instanceof ParameterizedTypeName) {
      return ((ParameterizedTypeName) type).rawType.simpleName();
    }
    if (type instanceof ClassName) {
      return ((ClassName) type).simpleName();
    }
    if (type instanceof TypeVariableName) {
      return ((TypeVariableName) type).name;
    }
    return type.toString(); // a primitive: int, long
  }

  private static String capitalized(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
