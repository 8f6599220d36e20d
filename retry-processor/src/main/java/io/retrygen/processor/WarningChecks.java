package io.retrygen.processor;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The compile warnings of SPEC §5 and §9: probable mistakes that still compile. Each is reported
 * on the value that is wrong where there is one, says why it is probably a mistake, and what to
 * write instead. Warnings never stop generation.
 */
final class WarningChecks {
  private final Types types;
  private final Diagnostics diagnostics;
  private final ModelReader reader;
  private final RecoverResolver recovers;

  WarningChecks(Elements elements, Types types, Diagnostics diagnostics, ModelReader reader) {
    this.types = types;
    this.diagnostics = diagnostics;
    this.reader = reader;
    this.recovers = new RecoverResolver(elements, types, diagnostics);
  }

  /**
   * Warns about the {@code @Recover} methods of {@code type}, a type with no {@code @Retryable} or
   * {@code @CircuitBreaker} at all (SPEC §5): nothing in it is guarded, so they are never called,
   * the usual cause being a forgotten {@code @Retryable}.
   *
   * <p>Only a recover method that fits one of the type's own unguarded methods is reported: that
   * is the forgotten {@code @Retryable}. One that fits none of them is most likely a fallback held
   * for subtypes (SPEC §5: a recover method lives in the type or a supertype), like an interface
   * of shared fallbacks, and it is left alone; so is every recover method of a type that a type
   * of this round which does generate a class extends (it may guard the method it fits). A
   * warning that fires on such legal uses would fail {@code -Werror} builds for nothing.
   *
   * @param triggers the types of this round that generate a class
   */
  void warnUnguardedRecovers(TypeElement type, List<TypeElement> triggers) {
    List<ModelReader.MethodEntry> entries = null;
    for (ExecutableElement recover : ElementFilter.methodsIn(type.getEnclosedElements())) {
      if (Mirrors.find(recover, Names.RECOVER) == null
          || !RecoverResolver.hasBody(recover)
          || recover.getModifiers().contains(Modifier.PRIVATE)
          || recover.getModifiers().contains(Modifier.STATIC)) {
        continue; // Validator.checkRecover reported it
      }
      if (entries == null) {
        if (servesASubtype(type, triggers)) {
          return;
        }
        entries = reader.methods(type, reader.supertypes(type));
      }
      ExecutableElement fitted = fittedMethod(type, recover, entries);
      if (fitted == null) {
        continue;
      }
      diagnostics.warning(
          recover, Mirrors.find(recover, Names.RECOVER), null,
          "@Recover method %s fits no guarded method of %s, so it is never called: nothing in %s"
              + " is guarded (no @Retryable or @CircuitBreaker on it or its methods). Add"
              + " @Retryable to the method it should recover: %s",
          Diagnostics.signature(recover), type.getSimpleName(), type.getSimpleName(),
          Diagnostics.signature(fitted));
    }
  }

  /** The first overridable method of {@code type} that {@code recover} would recover, or null. */
  private ExecutableElement fittedMethod(
      TypeElement type, ExecutableElement recover, List<ModelReader.MethodEntry> entries) {
    ExecutableType recoverType =
        (ExecutableType) types.asMemberOf((DeclaredType) type.asType(), recover);
    for (ModelReader.MethodEntry entry : entries) {
      if (entry.objectMethod
          || isRecover(entry)
          || !reader.overridable(type, entry.method)
          || recovers.mismatch(recoverType, entry.method, entry.type) != null) {
        continue;
      }
      return entry.method;
    }
    return null;
  }

  private boolean servesASubtype(TypeElement type, List<TypeElement> triggers) {
    for (TypeElement trigger : triggers) {
      if (!trigger.equals(type)
          && types.isSubtype(types.erasure(trigger.asType()), types.erasure(type.asType()))) {
        return true;
      }
    }
    return false;
  }

  private static boolean isRecover(ModelReader.MethodEntry entry) {
    if (Mirrors.find(entry.method, Names.RECOVER) != null) {
      return true;
    }
    for (ExecutableElement overridden : entry.overridden) {
      if (Mirrors.find(overridden, Names.RECOVER) != null) {
        return true;
      }
    }
    return false;
  }
}
