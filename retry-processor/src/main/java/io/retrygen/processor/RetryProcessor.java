package io.retrygen.processor;

import com.google.auto.service.AutoService;
import com.squareup.javapoet.JavaFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Writes a {@code *Retrying} class for every interface or class that carries {@code @Retryable}
 * or {@code @CircuitBreaker}, on the type or on one of its methods.
 *
 * <p>Nothing escapes {@link #process}: bad input is a diagnostic on the element, a bug in the
 * processor is one error on the type with the stack trace, and a type that refers to a type not
 * generated yet is retried in the next round.
 */
@AutoService(Processor.class)
public final class RetryProcessor extends AbstractProcessor {
  private Elements elements;
  private Filer filer;
  /** What the stages find, for the type being processed; printed by {@link #printer}. */
  private Report report;
  private ReportPrinter printer;
  private ConfigCache configs;
  private ModelReader reader;
  private Validator validator;
  private RetryingWriter writer;
  private AnnotationWarnings annotationWarnings;
  private ModelWarnings modelWarnings;
  private RecoverWarnings recoverWarnings;
  private PolicyInventory inventory;
  /**
   * The processor option that turns the policy inventory off: {@code
   * -Aretrygen.inventory=false}. Any other value, or none, writes it.
   */
  static final String INVENTORY_OPTION = "retrygen.inventory";

  /** Whether to write the policy inventory, from {@link #INVENTORY_OPTION}. */
  private boolean writeInventory;
  /**
   * Names of the types put off by one round because another processor may still change them
   * ({@link OtherProcessors}), so that each is put off once only.
   */
  private final Set<String> putOffOnce = new HashSet<>();
  private LocalTypes localTypes;
  /** Names, never elements: elements of one round must not be used in the next. */
  private final Set<String> deferredTypeNames = new LinkedHashSet<>();
  /** Those of {@link #deferredTypeNames} whose annotation values javac could not resolve. */
  private final Set<String> deferredForValues = new HashSet<>();

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    elements = env.getElementUtils();
    filer = env.getFiler();
    report = new Report();
    printer = new ReportPrinter(env.getMessager());
    configs = new ConfigCache(elements, env.getTypeUtils());
    reader = new ModelReader(elements, env.getTypeUtils(), report, configs);
    validator = new Validator(elements, env.getTypeUtils(), report, configs);
    annotationWarnings = new AnnotationWarnings(elements, env.getTypeUtils(), report, configs);
    modelWarnings = new ModelWarnings(elements, env.getTypeUtils(), report);
    recoverWarnings = new RecoverWarnings(env.getTypeUtils(), report, reader.recoverFits());
    writer = new RetryingWriter(elements.getTypeElement(AnnotationNames.GENERATED) != null);
    inventory = new PolicyInventory(elements, env.getTypeUtils());
    writeInventory = !"false".equals(env.getOptions().get(INVENTORY_OPTION));
    localTypes = LocalTypes.of(env);
  }

  /** {@link #INVENTORY_OPTION}; javac warns about an option that no processor supports. */
  @Override
  public Set<String> getSupportedOptions() {
    return Collections.singleton(INVENTORY_OPTION);
  }

  /**
   * Our own annotations only. Never {@code @Generated}: a processor that claims it hides it from
   * every processor after it.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return new LinkedHashSet<>(
        Arrays.asList(
            AnnotationNames.RETRYABLE, AnnotationNames.CIRCUIT_BREAKER, AnnotationNames.BACKOFF, AnnotationNames.RECOVER,
            AnnotationNames.RETRY_BUDGET));
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    configs.clear();
    printer.newRound();
    localTypes.report(round);
    List<TypeElement> types = typesToProcess(round);
    List<TypeElement> inputs = new ArrayList<>();
    for (TypeElement type : types) {
      if (isInput(type)) {
        inputs.add(type);
      }
    }
    for (TypeElement type : types) {
      if (!round.processingOver()
          && OtherProcessors.mayStillChange(type)
          && putOffOnce.add(type.getQualifiedName().toString())) {
        deferredTypeNames.add(type.getQualifiedName().toString());
        continue;
      }
      try {
        SuperficialCheck.requireResolved(type);
      } catch (MissingTypeException e) {
        defer(type, e);
        continue;
      }
      try {
        processType(type, inputs, types);
        printer.print(report.take(), type);
      } catch (MissingTypeException e) {
        // Resolved superficially, yet something deeper was not: retried next round like the rest,
        // and what was found meanwhile is found again then.
        report.take();
        defer(type, e);
      } catch (RuntimeException | LinkageError e) {
        printer.print(report.take(), type);
        report.error(
            type,
            "retrygen failed on %s; please report this with the trace:%n%s",
            type,
            stackTraceOf(e));
        printer.print(report.take(), null);
      }
    }
    if (round.processingOver()) {
      reportStillMissingTypes();
    }
    return true;
  }

  /**
   * Deferred types first, then the types annotated in this round, in source order, each once. A
   * type with only {@code @Recover} or {@code @RetryBudget} methods is among them: it generates
   * nothing, but is checked.
   */
  private List<TypeElement> typesToProcess(RoundEnvironment round) {
    Set<TypeElement> types = new LinkedHashSet<>();
    List<String> deferred = new ArrayList<>(deferredTypeNames);
    deferredTypeNames.clear();
    for (String name : deferred) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    if (round.processingOver()) {
      return new ArrayList<>(types);
    }
    for (String annotation :
        Arrays.asList(
            AnnotationNames.RETRYABLE, AnnotationNames.CIRCUIT_BREAKER, AnnotationNames.RECOVER, AnnotationNames.RETRY_BUDGET)) {
      TypeElement annotationType = elements.getTypeElement(annotation);
      if (annotationType == null) {
        continue;
      }
      for (Element element : round.getElementsAnnotatedWith(annotationType)) {
        if (element instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) element);
        } else if (element instanceof ExecutableElement
            && element.getEnclosingElement() instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) element.getEnclosingElement());
        }
      }
    }
    TypeElement backoff = elements.getTypeElement(AnnotationNames.BACKOFF);
    if (backoff != null) {
      // A @Backoff without @Retryable is an error that only the type's validation reports.
      for (Element element : round.getElementsAnnotatedWith(backoff)) {
        Element type = element instanceof TypeElement ? element : element.getEnclosingElement();
        if (type instanceof TypeElement) {
          addUnlessDefaultImpls(types, (TypeElement) type);
        }
      }
    }
    return new ArrayList<>(types);
  }

  /**
   * Kotlin's {@code DefaultImpls} bridges carry copies of the annotations of the interface's
   * functions (kapt puts them there); the interface reports what is wrong with them, once.
   */
  private static void addUnlessDefaultImpls(Set<TypeElement> types, TypeElement type) {
    if (!KotlinSupport.isDefaultImpls(type)) {
      types.add(type);
    }
  }

  /**
   * Reads, checks and writes {@code type}. {@code inputs} are the types of this round that {@link
   * #isInput} accepts: each reports what is wrong with its own annotations, so its subtypes need
   * not say it again, and an unguarded supertype of one may hold its recover methods.
   */
  private void processType(
      TypeElement type, List<TypeElement> inputs, List<TypeElement> roundTypes)
      throws MissingTypeException {
    int errorsBefore = report.errorCount();
    if (!isInput(type)) {
      // Only @Recover or @RetryBudget methods: checked like any, but nothing is generated.
      validator.validateAnnotations(type);
      validator.validateUnguardedBudgets(type, inputs);
      if (report.errorCount() == errorsBefore) {
        recoverWarnings.warnUnguarded(type, inputs, reader.hierarchy());
      }
      return;
    }
    if (!validator.validateShape(type)) {
      return;
    }
    validator.validateAnnotations(type);
    annotationWarnings.checkAnnotations(type);
    RetryableType model = reader.read(type);
    recoverWarnings.warnUnused(model);
    validator.validateInherited(model, inputs, roundTypes);
    validator.validateModel(model, inputs);
    if (report.errorCount() > errorsBefore) {
      return;
    }
    // Only after a clean read: a model with errors may lack the methods a warning is about.
    modelWarnings.checkModel(model, inputs);
    JavaFile file = writer.write(model);
    try {
      file.writeTo(filer);
    } catch (IOException e) {
      report.error(
          type, "retrygen could not write %s: %s", model.generatedName(), e.getMessage());
      return;
    }
    if (!writeInventory) {
      return;
    }
    try {
      inventory.write(filer, model);
    } catch (IOException e) {
      // A FilerException too: the resource was created already, e.g. by a build tool that runs
      // the processor again over the same output (nothing escapes process).
      report.error(
          type, "retrygen could not write the policy inventory %s: %s", inventory.path(type),
          e.getMessage());
    }
  }

  /**
   * Whether {@code type} is an input: {@code @Retryable} or {@code @CircuitBreaker} on
   * it or on a method it declares. A stray {@code @Backoff} counts too, so that it gets its error
   * (which stops the class from being written).
   */
  private static boolean isInput(TypeElement type) {
    for (Element element : Declarations.typeAndOwnMethods(type)) {
      for (String name : Arrays.asList(AnnotationNames.RETRYABLE, AnnotationNames.CIRCUIT_BREAKER, AnnotationNames.BACKOFF)) {
        if (Mirrors.find(element, name) != null) {
          return true;
        }
      }
    }
    return false;
  }

  private void defer(TypeElement type, MissingTypeException e) {
    String name = type.getQualifiedName().toString();
    deferredTypeNames.add(name);
    if (e.inAnnotationValue()) {
      deferredForValues.add(name);
    } else {
      deferredForValues.remove(name);
    }
  }

  /**
   * At the last round, an error on each type that could not be generated. Not when what is missing
   * is a value of our annotations: javac's own error is on that value, and a second one would only
   * repeat it.
   */
  private void reportStillMissingTypes() {
    for (String name : deferredTypeNames) {
      TypeElement type = elements.getTypeElement(name);
      if (type != null && !deferredForValues.contains(name)) {
        report.error(
            type,
            "retrygen could not generate a class for %s: a type it refers to could not be"
                + " resolved. Check the compiler's other errors for the missing type",
            name);
      }
    }
    printer.print(report.take(), null);
    deferredTypeNames.clear();
    deferredForValues.clear();
  }

  private static String stackTraceOf(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }
}
