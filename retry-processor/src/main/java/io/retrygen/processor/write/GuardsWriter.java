package io.retrygen.processor.write;

import com.squareup.javapoet.FieldSpec;
import com.squareup.javapoet.ParameterizedTypeName;
import com.squareup.javapoet.TypeName;
import com.squareup.javapoet.TypeSpec;
import com.squareup.javapoet.WildcardTypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryableType;
import java.util.Arrays;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The guards of a generated class's methods: a {@code static final} policy per guard, which
 * depends on no instance ({@code CHARGE_POLICY}, {@code CHARGE_BREAKER}), and the field each
 * instance binds it into ({@code chargeRetrier}, {@code chargeBreaker}); past {@link
 * MemberNames#CHUNK} guarded methods, in nested holder classes.
 */
public final class GuardsWriter {
  private GuardsWriter() {}

  /** The constants and fields of every guarded method, and the holders of further chunks. */
  static void addGuards(TypeSpec.Builder type, RetryableType model, MemberNames members) {
    addConstants(type, members.methods(0), members);
    // The guard state of a serializable instance is not written: readObject binds it again.
    Modifier[] state =
        model.serializable()
            ? new Modifier[] {Modifier.PRIVATE, Modifier.TRANSIENT}
            : new Modifier[] {Modifier.PRIVATE, Modifier.FINAL};
    addFields(type, members.methods(0), members, state);
    for (int chunk = 1; chunk < members.chunkCount(); chunk++) {
      type.addField(
          FieldSpec.builder(
                  model.generatedName().nestedClass(members.holderClass(chunk)),
                  members.holderField(chunk),
                  state)
              .addJavadoc("The guards of the methods {@link $N} holds.\n",
                  members.holderClass(chunk))
              .build());
      type.addType(holder(members, chunk, wildcardType(model)));
    }
  }

  /** The policy constants of {@code methods}: {@code CHARGE_POLICY}, {@code CHARGE_BREAKER}. */
  private static void addConstants(
      TypeSpec.Builder type, List<GuardedMethod> methods, MemberNames members) {
    for (GuardedMethod method : methods) {
      for (GuardWriter guard : GuardWriter.ALL) {
        if (guard.guards(method)) {
          type.addField(
              guard.constant(
                  method, members, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL));
        }
      }
    }
  }

  /** The fields of the guards of {@code methods}: {@code chargeRetrier}, {@code chargeBreaker}. */
  private static void addFields(
      TypeSpec.Builder type,
      List<GuardedMethod> methods,
      MemberNames members,
      Modifier... modifiers) {
    for (GuardedMethod method : methods) {
      for (GuardWriter guard : GuardWriter.ALL) {
        if (guard.guards(method)) {
          type.addField(guard.field(method, members, modifiers));
        }
      }
    }
  }

  /**
   * The nested class that holds the policies and guards of the guarded methods of {@code chunk}:
   * a class initializer and a constructor of their own, so that no method of the generated class
   * binds more than {@link MemberNames#CHUNK} methods' policies.
   */
  private static TypeSpec holder(MemberNames members, int chunk, TypeName outerType) {
    List<GuardedMethod> methods = members.methods(chunk);
    TypeSpec.Builder holder =
        TypeSpec.classBuilder(members.holderClass(chunk))
            .addJavadoc(
                "$L",
                PolicyText.wrap(
                    "The policies and guards of " + methods.size()
                        + " of the guarded methods, {@code "
                        + methods.get(0).method().getSimpleName() + "} to {@code "
                        + methods.get(methods.size() - 1).method().getSimpleName()
                        + "}: in a class of their own, as the JVM limits the code of one class"
                        + " initializer or constructor to 64 KB.",
                    PolicyText.WIDTH))
            .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL);
    addConstants(holder, methods, members);
    // Package-private: read by the generated class, with no accessor method under Java 8.
    addFields(holder, methods, members, Modifier.FINAL);
    return holder.addMethod(BindingWriter.holderConstructor(members, chunk, outerType)).build();
  }

  /** {@code ClientRetrying}, or {@code ClientRetrying<?, ?>} for a generic one. */
  private static TypeName wildcardType(RetryableType model) {
    int variables = model.element().getTypeParameters().size();
    if (variables == 0) {
      return model.generatedName();
    }
    TypeName[] wildcards = new TypeName[variables];
    Arrays.fill(wildcards, WildcardTypeName.subtypeOf(Object.class));
    return ParameterizedTypeName.get(model.generatedName(), wildcards);
  }

}
