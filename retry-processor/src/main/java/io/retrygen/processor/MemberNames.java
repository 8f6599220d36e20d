package io.retrygen.processor;

import com.squareup.javapoet.ArrayTypeName;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeVariableName;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
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
final class MemberNames {
  private final Map<GuardedMethod, String> bases;

  private MemberNames(Map<GuardedMethod, String> bases) {
    this.bases = bases;
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
    return new MemberNames(bases);
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
