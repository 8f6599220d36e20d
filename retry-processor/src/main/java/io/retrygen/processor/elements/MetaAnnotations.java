package io.retrygen.processor.elements;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Where our annotations apply, meta-annotations included: the one place that reads {@code
 * @Retryable}, {@code @Backoff}, {@code @CircuitBreaker}, {@code @RetryBudget} and {@code @Timeout}
 * off a type or method. One written on the element counts, and so does one carried by an
 * annotation type placed on the element ({@code @DbRetry}, itself annotated {@code @Retryable}),
 * whether that type is compiled here or read from the class path. One level only: an annotation
 * type that only carries another such annotation type stands for nothing (its declaration is an
 * error).
 */
public final class MetaAnnotations {
  /** The annotations an annotation type can carry for the elements it is placed on. */
  public static final List<String> KINDS =
      Collections.unmodifiableList(
          Arrays.asList(
              AnnotationNames.RETRYABLE,
              AnnotationNames.BACKOFF,
              AnnotationNames.CIRCUIT_BREAKER,
              AnnotationNames.RETRY_BUDGET,
              AnnotationNames.TIMEOUT));

  private MetaAnnotations() {}

  /** One of our annotations as it applies to an element. */
  public static final class Placed {
    /** Ours: the {@code @Retryable} itself, on the element or on {@link #metaAnnotation()}. */
    public final AnnotationMirror mirror;
    /** The annotation on the element that carries {@link #mirror}, or null when written there. */
    public final AnnotationMirror carrier;

    Placed(AnnotationMirror mirror, AnnotationMirror carrier) {
      this.mirror = mirror;
      this.carrier = carrier;
    }

    /** The annotation type that carries {@link #mirror} ({@code DbRetry}), or null. */
    public TypeElement metaAnnotation() {
      return carrier == null ? null : typeOf(carrier);
    }

    /** What is written on the element: {@link #carrier} if any, else {@link #mirror}. */
    public AnnotationMirror written() {
      return carrier == null ? mirror : carrier;
    }
  }

  /**
   * The annotation {@code kind} (a qualified name of {@link #KINDS}) as it applies to {@code
   * element}: written there, else carried by the first annotation placed there that carries one;
   * null if none. Two at once are an error the validator reports; this one is read meanwhile.
   */
  public static Placed find(Element element, String kind) {
    List<Placed> all = findAll(element, kind);
    return all.isEmpty() ? null : all.get(0);
  }

  /** Every {@code kind} that applies to {@code element}: written there first, then carried. */
  public static List<Placed> findAll(Element element, String kind) {
    List<Placed> all = new ArrayList<>();
    AnnotationMirror direct = Mirrors.find(element, kind);
    if (direct != null) {
      all.add(new Placed(direct, null));
    }
    for (AnnotationMirror placed : element.getAnnotationMirrors()) {
      AnnotationMirror carried = Mirrors.find(typeOf(placed), kind);
      if (carried != null && !isOurs(typeOf(placed))) {
        all.add(new Placed(carried, placed));
      }
    }
    return all;
  }

  /** Whether any of {@code kinds} applies to {@code element}, written or carried. */
  public static boolean any(Element element, List<String> kinds) {
    for (String kind : kinds) {
      if (find(element, kind) != null) {
        return true;
      }
    }
    return false;
  }

  /** The annotations on {@code element} that stand for ours, in the order written. */
  public static List<AnnotationMirror> placed(Element element) {
    List<AnnotationMirror> placed = new ArrayList<>();
    for (AnnotationMirror each : element.getAnnotationMirrors()) {
      if (!carried(typeOf(each)).isEmpty()) {
        placed.add(each);
      }
    }
    return placed;
  }

  /**
   * Ours that the annotation type {@code type} carries, in the order written: empty for any other
   * type, and for our own annotation types.
   */
  public static List<AnnotationMirror> carried(TypeElement type) {
    if (isOurs(type)) {
      return Collections.emptyList();
    }
    List<AnnotationMirror> carried = new ArrayList<>();
    for (AnnotationMirror each : type.getAnnotationMirrors()) {
      if (KINDS.contains(typeOf(each).getQualifiedName().toString())) {
        carried.add(each);
      }
    }
    return carried;
  }

  /**
   * The annotations on the annotation type {@code type} that stand for ours themselves: a
   * meta-annotation on a meta-annotation, which goes one level too deep.
   */
  public static List<AnnotationMirror> tooDeep(TypeElement type) {
    return isOurs(type) ? Collections.<AnnotationMirror>emptyList() : placed(type);
  }

  /**
   * The annotations on {@code element} (a type or method that uses them) whose type carries none
   * of ours but carries an annotation type that does: one level too deep, so they stand for
   * nothing here. Their declaration gets the error when it is compiled here; one from the class
   * path can only be reported where it is used.
   */
  public static List<AnnotationMirror> tooDeepPlaced(Element element) {
    List<AnnotationMirror> tooDeep = new ArrayList<>();
    for (AnnotationMirror each : element.getAnnotationMirrors()) {
      TypeElement type = typeOf(each);
      if (carried(type).isEmpty() && !tooDeep(type).isEmpty()) {
        tooDeep.add(each);
      }
    }
    return tooDeep;
  }

  /** {@code @Retryable}, {@code @Retryable and @Timeout}: what {@code carried} stands for. */
  public static String names(List<AnnotationMirror> carried) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < carried.size(); i++) {
      if (i > 0) {
        text.append(i == carried.size() - 1 ? " and " : ", ");
      }
      text.append('@').append(typeOf(carried.get(i)).getSimpleName());
    }
    return text.toString();
  }

  /** Whether {@code type} is ours, by name (an unresolved type has no package). */
  private static boolean isOurs(TypeElement type) {
    String name = type.getQualifiedName().toString();
    return KINDS.contains(name) || name.equals(AnnotationNames.RECOVER);
  }

  private static TypeElement typeOf(AnnotationMirror mirror) {
    return (TypeElement) mirror.getAnnotationType().asElement();
  }
}
