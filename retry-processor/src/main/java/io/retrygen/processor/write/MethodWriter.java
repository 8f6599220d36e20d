package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.MethodSpec;
import com.squareup.javapoet.NameAllocator;
import com.squareup.javapoet.ParameterSpec;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.ReturnKind;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Writes one method of a generated class: its signature, and either (in a delegate) a plain
 * forward or the body its {@linkplain ReturnKind return kind}'s {@link BodyWriter} writes. The
 * body's {@link LoopLocals} come from a {@link NameAllocator} seeded with the user's parameter
 * names, so a parameter called {@code attempt} cannot clash.
 */
final class MethodWriter {
  private final RetryableType model;
  /** What the guarded method, predicates and recover methods are called on. */
  private final CodeBlock instance;
  /** The body writer of each return kind: a new kind adds its line here. */
  private final Map<ReturnKind, BodyWriter> bodies = new EnumMap<>(ReturnKind.class);
  /** The body of a stateful method, which is synchronous (a rule says so). */
  private final BodyWriter stateful;

  MethodWriter(RetryableType model) {
    this.model = model;
    this.instance = CodeBlock.of(model.isInterface() ? "this.delegate" : "super");
    GiveUpWriter giveUp = new GiveUpWriter(instance);
    SyncBodyWriter loop = new SyncBodyWriter(model, instance, giveUp);
    this.stateful = new StatefulBodyWriter(model, instance, giveUp, loop);
    BodyWriter deferred = new DeferredBodyWriter(model, giveUp);
    bodies.put(ReturnKind.VOID, loop);
    bodies.put(ReturnKind.VALUE, loop);
    bodies.put(ReturnKind.COMPLETION_STAGE, deferred);
    bodies.put(ReturnKind.COMPLETABLE_FUTURE, deferred);
    bodies.put(ReturnKind.SUSPEND, deferred);
    bodies.put(ReturnKind.FLOW, deferred);
    bodies.put(ReturnKind.MONO, deferred);
    bodies.put(ReturnKind.FLUX, deferred);
    bodies.put(ReturnKind.SINGLE, deferred);
    bodies.put(ReturnKind.MAYBE, deferred);
    bodies.put(ReturnKind.COMPLETABLE, deferred);
    bodies.put(ReturnKind.OBSERVABLE, deferred);
    bodies.put(ReturnKind.FLOWABLE, deferred);
  }

  /**
   * The override of {@code method}, guarded by the members {@code members} names for it, or (in
   * a delegate) a plain forward.
   */
  MethodSpec write(GuardedMethod method, MemberNames members) {
    OverrideTypes types = OverrideTypes.of(method, model.element());
    MethodSpec.Builder builder =
        SignatureWriter.signature(method, model.isInterface(), types, model.typeUses());
    NameAllocator names = new NameAllocator();
    List<String> arguments = new ArrayList<>();
    for (ParameterSpec parameter : builder.build().parameters) {
      arguments.add(names.newName(parameter.name, parameter.name));
    }
    CodeBlock call = UserCalls.call(method, types, String.join(", ", arguments), instance);
    TypeName returnType = types.get(method.type().getReturnType());
    if (!method.isGuarded()) {
      boolean isVoid = returnType.equals(TypeName.VOID);
      return builder.addStatement(isVoid ? "$L" : "return $L", call).build();
    }
    MethodParts parts =
        new MethodParts(members, types, arguments, LoopLocals.allocate(names), call, returnType);
    BodyWriter body = method.stateful() ? stateful : bodies.get(method.returnKind());
    body.addBody(builder, method, parts);
    return builder.build();
  }
}
