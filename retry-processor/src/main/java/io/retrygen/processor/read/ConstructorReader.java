package io.retrygen.processor.read;

import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.Declarations;
import io.retrygen.processor.elements.GeneratedNames;
import io.retrygen.processor.elements.MissingTypeException;
import io.retrygen.processor.model.ConstructorPlan;
import io.retrygen.processor.model.CopiedAnnotations;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Reads the constructors of an input class into their {@link ConstructorPlan}s. */
public final class ConstructorReader {
  private ConstructorReader() {}

  /** The non-private constructors of the class {@code type}, each with its plan. */
  static List<ConstructorPlan> plansOf(
      TypeElement type, Elements elements, Types types, Deprecations deprecations) {
    List<ExecutableElement> constructors = new ArrayList<>();
    for (ExecutableElement constructor : ElementFilter.constructorsIn(type.getEnclosedElements())) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        MissingTypeException.requireResolved(constructor.asType());
        constructors.add(constructor);
      }
    }
    TypeElement options = elements.getTypeElement(AnnotationNames.RETRY_OPTIONS);
    List<ConstructorPlan> plans = new ArrayList<>();
    for (ExecutableElement constructor : constructors) {
      boolean hasPlainTwin = false; // it is (RetryOptions, rest...) and (rest...) exists
      boolean hasOptionsTwin = false; // (RetryOptions, its parameters...) exists
      for (ExecutableElement other : constructors) {
        if (options != null) {
          hasPlainTwin |= Declarations.takesThen(types, constructor, options.asType(), other);
          hasOptionsTwin |= Declarations.takesThen(types, other, options.asType(), constructor);
        }
      }
      // With both, as (RetryOptions a) next to () and (RetryOptions a, RetryOptions b): its own
      // options are what it shares, and its options variant would be the third's signature.
      ConstructorPlan.Kind kind =
          hasPlainTwin
              ? ConstructorPlan.Kind.SHARES_OPTIONS
              : hasOptionsTwin ? ConstructorPlan.Kind.PLAIN_ONLY : ConstructorPlan.Kind.REGULAR;
      plans.add(
          new ConstructorPlan(
              constructor,
              kind,
              deprecations
                  .ofSignature((ExecutableType) constructor.asType())
                  .and(deprecations.of(constructor)),
              CopiedAnnotations.of(constructor, GeneratedNames.packageOf(type))));
    }
    return plans;
  }
}
