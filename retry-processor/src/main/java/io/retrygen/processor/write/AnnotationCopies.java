package io.retrygen.processor.write;

import com.squareup.javapoet.AnnotationSpec;
import com.squareup.javapoet.ClassName;
import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import io.retrygen.processor.model.CopiedAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;

/**
 * Writes the annotations a generated method copies ({@link CopiedAnnotations}) as JavaPoet specs.
 */
public final class AnnotationCopies {
  private AnnotationCopies() {}

  /** The method's annotations to copy, in source order. */
  static List<AnnotationSpec> method(CopiedAnnotations copied) {
    return specs(copied.method());
  }

  /** The annotations to copy to the parameter at {@code index}. */
  static List<AnnotationSpec> parameter(CopiedAnnotations copied, int index) {
    return specs(copied.parameter(index));
  }

  private static List<AnnotationSpec> specs(List<AnnotationMirror> annotations) {
    List<AnnotationSpec> specs = new ArrayList<>();
    for (AnnotationMirror annotation : annotations) {
      specs.add(spec(annotation));
    }
    return specs;
  }

  /**
   * The annotation as written: only the values given explicitly (defaults stay defaults), in
   * source order, each as a literal the generated source can hold (floating-point infinities and
   * NaN included, which {@code AnnotationSpec.get} would write as {@code Infinity} and {@code
   * NaN}).
   */
  private static AnnotationSpec spec(AnnotationMirror annotation) {
    AnnotationSpec.Builder spec =
        AnnotationSpec.builder(
            ClassName.get((TypeElement) annotation.getAnnotationType().asElement()));
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        annotation.getElementValues().entrySet()) {
      String name = entry.getKey().getSimpleName().toString();
      Object value = entry.getValue().getValue();
      if (value instanceof List) {
        List<?> values = (List<?>) value;
        if (values.isEmpty()) {
          spec.addMember(name, "{}");
        }
        for (Object element : values) {
          spec.addMember(name, literal(((AnnotationValue) element).getValue()));
        }
      } else {
        spec.addMember(name, literal(value));
      }
    }
    return spec.build();
  }

  private static CodeBlock literal(Object value) {
    if (value instanceof AnnotationMirror) {
      return CodeBlock.of("$L", spec((AnnotationMirror) value));
    }
    if (value instanceof TypeMirror) {
      return CodeBlock.of("$T.class", TypeName.get((TypeMirror) value));
    }
    if (value instanceof VariableElement) {
      VariableElement constant = (VariableElement) value;
      return CodeBlock.of(
          "$T.$N",
          ClassName.get((TypeElement) constant.getEnclosingElement()),
          constant.getSimpleName().toString());
    }
    if (value instanceof String) {
      return Literals.string((String) value);
    }
    if (value instanceof Character) {
      return CodeBlock.of("$L", Literals.character((Character) value));
    }
    if (value instanceof Double) {
      return Literals.doubleValue((Double) value);
    }
    if (value instanceof Float) {
      return Literals.floatValue((Float) value);
    }
    if (value instanceof Long) {
      return CodeBlock.of("$LL", value);
    }
    return CodeBlock.of("$L", value); // int, short, byte (constants narrow), boolean
  }
}
