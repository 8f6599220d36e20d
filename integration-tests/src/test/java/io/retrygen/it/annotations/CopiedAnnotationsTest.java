package io.retrygen.it.annotations;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.retrygen.runtime.RetryOptions;
import java.lang.annotation.Annotation;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/**
 * A framework that reads annotations on the object's class (Spring's {@code @Scheduled}, JAX-RS,
 * Jackson) sees the {@code RUNTIME} annotations of each overridden method and its parameters on
 * the generated class too, with the same values; {@code CLASS} retention stays behind.
 */
class CopiedAnnotationsTest {
  @Test
  void aDelegatesGuardedMethodCarriesTheSameRuntimeAnnotations() throws Exception {
    Method original = AnnotatedJobs.class.getMethod("run", String.class, int.class);
    Method generated = AnnotatedJobsRetrying.class.getDeclaredMethod("run", String.class, int.class);

    Audited audited = generated.getAnnotation(Audited.class);
    assertNotNull(audited);
    assertEquals(original.getAnnotation(Audited.class), audited); // every value, defaults too
    assertEquals("run", audited.value());
    assertEquals(3, audited.level());
    assertArrayEquals(new String[] {"a", "b \uD800"}, audited.tags());
    assertEquals(String.class, audited.type());
    assertEquals(Audited.Mode.FAST, audited.mode());
    assertEquals("inner", audited.nested().value());
    assertEquals(Double.POSITIVE_INFINITY, audited.ratio());
    assertEquals('\'', audited.separator());
    assertEquals(Long.MAX_VALUE, audited.limit());

    Annotation[][] parameters = generated.getParameterAnnotations();
    assertEquals(1, parameters[0].length);
    assertEquals(original.getParameterAnnotations()[0][0], parameters[0][0]);
    assertEquals(0, parameters[1].length); // @CompileOnly is CLASS retention
  }

  @Test
  void aDelegatesForwardedMethodCarriesThemToo() throws Exception {
    Method generated = AnnotatedJobsRetrying.class.getDeclaredMethod("status");
    assertEquals("status", generated.getAnnotation(Audited.class).value());
  }

  @Test
  void aSubclassOverrideCarriesThemAndIsStillDeprecatedAndStillRetries() throws Exception {
    Method generated = AnnotatedWorkerRetrying.class.getDeclaredMethod("work", String.class);
    assertEquals(
        AnnotatedWorker.class.getMethod("work", String.class).getAnnotation(Audited.class),
        generated.getAnnotation(Audited.class));
    assertEquals(0, generated.getAnnotation(Audited.class).tags().length);
    assertTrue(generated.isAnnotationPresent(Deprecated.class));
    assertEquals("input", ((Audited) generated.getParameterAnnotations()[0][0]).value());

    @SuppressWarnings("deprecation")
    String result = new AnnotatedWorkerRetrying().work("x");
    assertEquals("x2", result);
  }

  @Test
  void bothConstructorsOfASubclassCarryTheParametersRuntimeAnnotations() throws Exception {
    Audited original =
        (Audited)
            AnnotatedWorker.class.getConstructor(int.class, String.class)
                .getParameterAnnotations()[0][0];
    Constructor<?> plain = AnnotatedWorkerRetrying.class.getConstructor(int.class, String.class);
    Constructor<?> withOptions =
        AnnotatedWorkerRetrying.class.getConstructor(RetryOptions.class, int.class, String.class);

    assertEquals(original, plain.getParameterAnnotations()[0][0]);
    assertEquals(0, plain.getParameterAnnotations()[1].length); // @CompileOnly: CLASS retention
    assertEquals(0, withOptions.getParameterAnnotations()[0].length);
    assertEquals(original, withOptions.getParameterAnnotations()[1][0]);
    assertEquals(0, withOptions.getParameterAnnotations()[2].length);
    // Neither copies the constructor's own annotations: Spring would see two @Autowired ones.
    assertEquals(0, plain.getAnnotations().length);
  }
}
