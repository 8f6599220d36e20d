package io.retrygen.processor;

import com.google.auto.service.AutoService;
import com.squareup.javapoet.JavaFile;
import io.retrygen.processor.check.AnnotationWarnings;
import io.retrygen.processor.check.LocalTypes;
import io.retrygen.processor.check.ModelWarnings;
import io.retrygen.processor.check.RecoverWarnings;
import io.retrygen.processor.check.Validator;
import io.retrygen.processor.elements.AnnotationNames;
import io.retrygen.processor.elements.MissingTypeException;
import io.retrygen.processor.inventory.PolicyInventory;
import io.retrygen.processor.model.Report;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.read.ConfigCache;
import io.retrygen.processor.read.ModelReader;
import io.retrygen.processor.read.SuperficialCheck;
import io.retrygen.processor.write.RetryingWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;

/**
 * Writes a {@code *Retrying} class for every interface or class that carries {@code @Retryable},
 * {@code @CircuitBreaker} or {@code @Timeout}, on the type or on one of its methods, written there
 * or through a meta-annotation: an annotation type that carries them ({@code @DbRetry}) and stands
 * for them where it is placed. The declaration of a meta-annotation compiled here is checked once;
 * one read from the class path is checked at each input that uses it.
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
  private LocalTypes localTypes;
  private Rounds rounds;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    elements = env.getElementUtils();
    filer = env.getFiler();
    report = new Report();
    printer = new ReportPrinter(env.getMessager());
    configs = new ConfigCache(elements, env.getTypeUtils());
    rounds = new Rounds(elements);
    reader = new ModelReader(elements, env.getTypeUtils(), report, configs);
    validator =
        new Validator(
            elements, env.getTypeUtils(), report, configs, rounds.metaAnnotationsCompiledHere());
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
   * Every annotation, so that this processor runs in every round: a type that uses only a
   * meta-annotation from the class path ({@code @DbRetry}, carrying {@code @Retryable}) is an
   * input, and no annotation name can ask javac for it. {@link #process} claims nothing; {@link
   * ClaimsOwnAnnotations}, after this processor on the processor path, claims ours.
   */
  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Collections.singleton("*");
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
    List<TypeElement> types = rounds.typesToProcess(round);
    List<TypeElement> inputs = new ArrayList<>();
    for (TypeElement type : types) {
      if (Rounds.isInput(type)) {
        inputs.add(type);
      }
    }
    for (TypeElement type : types) {
      if (rounds.putOffForOtherProcessors(type, round)) {
        continue;
      }
      try {
        SuperficialCheck.requireResolved(type);
      } catch (MissingTypeException e) {
        rounds.defer(type, e);
        continue;
      }
      try {
        if (type.getKind() == ElementKind.ANNOTATION_TYPE) {
          processMetaAnnotation(type);
        } else {
          processType(type, inputs, types);
        }
        printer.print(report.take(), type);
      } catch (MissingTypeException e) {
        // Resolved superficially, yet something deeper was not: retried next round like the rest,
        // and what was found meanwhile is found again then.
        report.take();
        rounds.defer(type, e);
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
    // Claims nothing: with "*" that would be every processor's annotations.
    return false;
  }

  /**
   * At the last round, an error on each type that could not be generated. Not when what is missing
   * is a value of our annotations: javac's own error is on that value, and a second one would only
   * repeat it.
   */
  private void reportStillMissingTypes() {
    for (TypeElement type : rounds.stillMissing()) {
      report.error(
          type,
          "retrygen could not generate a class for %s: a type it refers to could not be"
              + " resolved. Check the compiler's other errors for the missing type",
          type.getQualifiedName());
    }
    printer.print(report.take(), null);
  }

  /**
   * Checks the declaration of an annotation type of this compilation that stands for ours, once,
   * with the warnings about its values: each type that uses it relies on that.
   */
  private void processMetaAnnotation(TypeElement type) {
    validator.validateMetaAnnotation(type);
    annotationWarnings.checkAnnotations(type);
    modelWarnings.checkMetaAnnotation(configs.retry(type));
  }

  /**
   * Reads, checks and writes {@code type}. {@code inputs} are the types of this round that {@link
   * Rounds#isInput} accepts: each reports what is wrong with its own annotations, so its subtypes
   * need
   * not say it again, and an unguarded supertype of one may hold its recover methods.
   */
  private void processType(
      TypeElement type, List<TypeElement> inputs, List<TypeElement> roundTypes)
      throws MissingTypeException {
    int errorsBefore = report.errorCount();
    if (!Rounds.isInput(type)) {
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
    if (report.errorCount() > errorsBefore || validator.usesInvalidMetaAnnotation(model)) {
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

  private static String stackTraceOf(Throwable e) {
    StringWriter trace = new StringWriter();
    e.printStackTrace(new PrintWriter(trace));
    return trace.toString();
  }

  /**
   * Claims our own annotations, and nothing else: {@link RetryProcessor} claims nothing (it sees
   * every annotation), and an annotation no processor claims makes javac warn under {@code
   * -Xlint:processing}, which a build with {@code -Werror} fails on. Never {@code @Generated}: a
   * processor that claims it hides it from every processor after it.
   *
   * <p>It must come after {@link RetryProcessor} on the processor path, as its service entry does
   * ({@code RetryProcessor$ClaimsOwnAnnotations} sorts after {@code RetryProcessor}): javac offers
   * a round's annotations to processors in that order and stops when all are claimed, so claiming
   * first would keep {@code RetryProcessor} out of a round that has only ours.
   */
  @AutoService(Processor.class)
  public static final class ClaimsOwnAnnotations extends AbstractProcessor {
    @Override
    public Set<String> getSupportedAnnotationTypes() {
      return new LinkedHashSet<>(
          Arrays.asList(
              AnnotationNames.RETRYABLE,
              AnnotationNames.CIRCUIT_BREAKER,
              AnnotationNames.BACKOFF,
              AnnotationNames.RECOVER,
              AnnotationNames.RETRY_BUDGET,
              AnnotationNames.TIMEOUT));
    }

    @Override
    public SourceVersion getSupportedSourceVersion() {
      return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
      return true;
    }
  }
}
