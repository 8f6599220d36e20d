package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.Modifier;

/**
 * One kind of guard as the generated class holds it: per guarded method, a {@code static final}
 * policy that depends on no instance ({@code CHARGE_POLICY}), the field each instance binds it into
 * ({@code chargeRetrier}), the constructors' line that binds it, and its sentences in the method's
 * policy Javadoc. {@link GuardsWriter}, {@link BindingWriter} and {@link PolicyText} ask every
 * guard writer, in the order of {@link #ALL}; each {@link BodyWriter} uses the bound field around
 * the attempts in its return kind's way.
 */
abstract class GuardWriter {
  /** Every guard, in the order of its members and sentences: a new guard adds its writer here. */
  static final List<GuardWriter> ALL =
      Collections.unmodifiableList(
          Arrays.<GuardWriter>asList(
              new RetryGuardWriter(), new BreakerGuardWriter(), new TimeoutGuardWriter()));

  /** Whether {@code method} has this guard. */
  abstract boolean guards(GuardedMethod method);

  /** The guard's policy constant for {@code method}, with {@code modifiers} ({@code static}). */
  abstract FieldSpec constant(GuardedMethod method, MemberNames members, Modifier... modifiers);

  /** The field an instance binds the policy into, with {@code modifiers}. */
  abstract FieldSpec field(GuardedMethod method, MemberNames members, Modifier... modifiers);

  /**
   * {@code this.chargeRetrier = CHARGE_POLICY.bind(options, ...)}.
   *
   * @param options the instance's options
   * @param listeners the local or parameter that holds each listener class's instance
   * @param outer what the retry's hooks are created on, null for this instance itself
   */
  abstract void bind(
      MethodSpec.Builder constructor,
      GuardedMethod method,
      MemberNames members,
      CodeBlock options,
      Map<TypeName, String> listeners,
      String outer);

  /** Adds the guard's sentences about {@code method} to its policy paragraph. */
  abstract void describe(GuardedMethod method, List<String> sentences);
}
