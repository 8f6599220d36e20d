package io.retrygen.processor.write;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import java.util.Collections;
import java.util.List;

/** What every body writer gets for one method, besides the method: names and types decided. */
final class MethodParts {
  /** The generated class's members for the method: its retrier, breaker, hooks. */
  final MemberNames members;
  /** The method's types as the override writes them. */
  final OverrideTypes types;
  /** The parameter names, in order, as the signature declares them. */
  final List<String> arguments;
  /** The body's own variable names, none of them a parameter's. */
  final LoopLocals locals;
  /** The one delegate or {@code super} call, {@code this.delegate.charge(account, cents)}. */
  final CodeBlock call;
  /** The declared return type, as written. */
  final TypeName returnType;

  MethodParts(
      MemberNames members,
      OverrideTypes types,
      List<String> arguments,
      LoopLocals locals,
      CodeBlock call,
      TypeName returnType) {
    this.members = members;
    this.types = types;
    this.arguments = Collections.unmodifiableList(arguments);
    this.locals = locals;
    this.call = call;
    this.returnType = returnType;
  }
}
