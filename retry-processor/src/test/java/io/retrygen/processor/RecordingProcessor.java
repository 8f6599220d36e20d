package io.retrygen.processor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import javax.annotation.processing.Completion;
import javax.annotation.processing.Filer;
import javax.annotation.processing.FilerException;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;

/**
 * Runs a {@link RetryProcessor} and records the source files and resources it creates.
 * compile-testing hides the generated files of a failed compilation, and javac does not enter
 * files written in a round that reported errors, so neither can tell whether our processor wrote
 * one.
 */
final class RecordingProcessor implements Processor {
  private final Processor delegate = new RetryProcessor();
  private final List<String> created = new ArrayList<>();
  private final List<String> resources = new ArrayList<>();
  private final boolean failResources;

  RecordingProcessor() {
    this(false);
  }

  /**
   * @param failResources whether {@link Filer#createResource} throws a {@code FilerException}, as
   *     javac's does for a resource created before
   */
  RecordingProcessor(boolean failResources) {
    this.failResources = failResources;
  }

  /** The names passed to {@link Filer#createSourceFile}, in order. */
  List<String> createdSourceFiles() {
    return created;
  }

  /** The relative names passed to {@link Filer#createResource}, in order. */
  List<String> createdResources() {
    return resources;
  }

  @Override
  public Set<String> getSupportedOptions() {
    return delegate.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return delegate.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return delegate.getSupportedSourceVersion();
  }

  @Override
  public void init(ProcessingEnvironment env) {
    delegate.init(new RecordingEnvironment(env, created, resources, failResources));
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return delegate.process(annotations, round);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return delegate.getCompletions(element, annotation, member, userText);
  }

  private static final class RecordingEnvironment implements ProcessingEnvironment {
    private final ProcessingEnvironment env;
    private final Filer filer;

    RecordingEnvironment(
        ProcessingEnvironment env,
        List<String> created,
        List<String> resources,
        boolean failResources) {
      this.env = env;
      this.filer = new RecordingFiler(env.getFiler(), created, resources, failResources);
    }

    @Override
    public Map<String, String> getOptions() {
      return env.getOptions();
    }

    @Override
    public Messager getMessager() {
      return env.getMessager();
    }

    @Override
    public Filer getFiler() {
      return filer;
    }

    @Override
    public Elements getElementUtils() {
      return env.getElementUtils();
    }

    @Override
    public Types getTypeUtils() {
      return env.getTypeUtils();
    }

    @Override
    public SourceVersion getSourceVersion() {
      return env.getSourceVersion();
    }

    @Override
    public Locale getLocale() {
      return env.getLocale();
    }
  }

  private static final class RecordingFiler implements Filer {
    private final Filer filer;
    private final List<String> created;
    private final List<String> resources;
    private final boolean failResources;

    RecordingFiler(
        Filer filer, List<String> created, List<String> resources, boolean failResources) {
      this.filer = filer;
      this.created = created;
      this.resources = resources;
      this.failResources = failResources;
    }

    @Override
    public JavaFileObject createSourceFile(CharSequence name, Element... originatingElements)
        throws IOException {
      created.add(name.toString());
      return filer.createSourceFile(name, originatingElements);
    }

    @Override
    public JavaFileObject createClassFile(CharSequence name, Element... originatingElements)
        throws IOException {
      created.add(name.toString());
      return filer.createClassFile(name, originatingElements);
    }

    @Override
    public FileObject createResource(
        JavaFileManager.Location location,
        CharSequence moduleAndPkg,
        CharSequence relativeName,
        Element... originatingElements)
        throws IOException {
      resources.add(relativeName.toString());
      if (failResources) {
        throw new FilerException("Attempt to reopen a file for path " + relativeName);
      }
      return filer.createResource(location, moduleAndPkg, relativeName, originatingElements);
    }

    @Override
    public FileObject getResource(
        JavaFileManager.Location location, CharSequence moduleAndPkg, CharSequence relativeName)
        throws IOException {
      return filer.getResource(location, moduleAndPkg, relativeName);
    }
  }
}
