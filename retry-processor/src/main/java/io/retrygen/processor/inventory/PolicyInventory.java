package io.retrygen.processor.inventory;

import io.retrygen.processor.model.BackoffConfig;
import io.retrygen.processor.model.BreakerConfig;
import io.retrygen.processor.model.GuardedMethod;
import io.retrygen.processor.model.RecoverMethod;
import io.retrygen.processor.model.RetryConfig;
import io.retrygen.processor.model.RetryableType;
import io.retrygen.processor.model.Waits;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * The policy inventory: for each input type that generates a class, the resource
 * {@code META-INF/retrygen/<binary name of the input>.json} in the class output, which lists the
 * resolved policy of every guarded method so that a build or a reviewer can audit the retry
 * policies of a jar without running it. One file per input, with the input as its only
 * originating element, as an isolating processor must.
 *
 * <p>Keys are written in exactly the order the contract gives. Choices where it is silent:
 * {@code "recover"} is left out when no recover method applies, like {@code "retry"}, {@code
 * "circuitBreaker"}, {@code "budget"} and {@code "stateful"} (written for stateful methods only),
 * and lists only the methods that are ever tried (none after one that takes every failure); a
 * defaulted {@code retryFor} or {@code failOn} is written
 * as {@code ["java.lang.Exception"]}, what it means; {@code "method"} erases the parameter types
 * as the generated method declares them (type variables of a generic supertype resolved, as
 * members of the input). {@code "metaAnnotations"}, the binary names of the meta-annotations that
 * supplied the method's guards (in the order retry, circuit breaker, timeout, budget), is written
 * just before {@code "overrides"}, and only for a method that a meta-annotation guards.
 */
public final class PolicyInventory {
  static final String DIRECTORY = "META-INF/retrygen/";
  private static final List<String> EXCEPTION = Collections.singletonList("java.lang.Exception");

  private final Elements elements;
  private final Types types;

  public PolicyInventory(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /** {@code META-INF/retrygen/com.acme.Outer$Client.json}. */
  public String path(TypeElement input) {
    return DIRECTORY + elements.getBinaryName(input) + ".json";
  }

  /** Writes the inventory of {@code model} to the class output. */
  public void write(Filer filer, RetryableType model) throws IOException {
    byte[] bytes = json(model).getBytes(StandardCharsets.UTF_8);
    FileObject file =
        filer.createResource(StandardLocation.CLASS_OUTPUT, "", path(model.element()),
            model.element());
    try (OutputStream out = file.openOutputStream()) {
      out.write(bytes);
    }
  }

  /** The inventory of {@code model} as a JSON document. */
  String json(RetryableType model) {
    Map<String, Object> inventory = new LinkedHashMap<>();
    inventory.put("type", elements.getBinaryName(model.element()).toString());
    inventory.put("generated", model.generatedName().reflectionName());
    List<Object> methods = new ArrayList<>();
    for (GuardedMethod method : model.methods()) {
      if (method.isGuarded()) {
        methods.add(method(method));
      }
    }
    inventory.put("methods", methods);
    return Json.write(inventory);
  }

  private Map<String, Object> method(GuardedMethod method) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("method", signature(method));
    json.put("label", method.label());
    json.put("async", method.returnKind().isDeferred());
    if (method.retry() != null) {
      json.put("retry", retry(method.retry()));
    }
    if (method.breaker() != null) {
      json.put("circuitBreaker", breaker(method.breaker(), method.label()));
    }
    if (method.timeout() != null) {
      Map<String, Object> timeout = new LinkedHashMap<>();
      timeout.put("millis", method.timeout().millis());
      json.put("timeout", timeout);
    }
    if (method.budget() != null) {
      Map<String, Object> budget = new LinkedHashMap<>();
      budget.put("name", method.budgetName());
      budget.put("maxTokens", method.budget().maxTokens());
      budget.put("tokenRatio", method.budget().tokenRatio());
      json.put("budget", budget);
    }
    if (method.stateful()) {
      Map<String, Object> stateful = new LinkedHashMap<>();
      String stateKey = method.retry().stateKey();
      stateful.put("stateKey", stateKey.isEmpty() ? null : stateKey);
      json.put("stateful", stateful);
    }
    if (!method.metaAnnotations().isEmpty()) {
      List<Object> metas = new ArrayList<>();
      for (TypeElement meta : method.metaAnnotations()) {
        metas.add(elements.getBinaryName(meta).toString());
      }
      json.put("metaAnnotations", metas);
    }
    json.put("overrides", overrides(method));
    List<RecoverMethod> recovers = method.calledRecovers();
    if (!recovers.isEmpty()) {
      List<Object> names = new ArrayList<>();
      for (RecoverMethod recover : recovers) {
        names.add(recover.method().getSimpleName().toString());
      }
      json.put("recover", names);
    }
    return json;
  }

  /**
   * The run-time override keys that apply to {@code method} ({@code PolicyOverrides}): the kill
   * switch, then those of its retry (by label), breaker and budget (by resolved name) and timeout
   * (by label).
   */
  private static List<Object> overrides(GuardedMethod method) {
    List<Object> keys = new ArrayList<>();
    keys.add("retrygen.enabled");
    if (method.retry() != null) {
      add(keys, "retrygen.retry." + method.label() + ".",
          "maxAttempts", "maxDuration", "delay", "maxDelay", "multiplier", "jitter", "enabled");
    }
    if (method.breaker() != null) {
      String name =
          method.breaker().name().isEmpty() ? method.label() : method.breaker().name();
      add(keys, "retrygen.circuitbreaker." + name + ".",
          "requestVolumeThreshold", "failureRatio", "delay", "successThreshold", "enabled");
    }
    if (method.budget() != null) {
      add(keys, "retrygen.budget." + method.budgetName() + ".", "maxTokens", "tokenRatio");
    }
    if (method.timeout() != null) {
      add(keys, "retrygen.timeout." + method.label() + ".", "value");
    }
    return keys;
  }

  private static void add(List<Object> keys, String prefix, String... attributes) {
    for (String attribute : attributes) {
      keys.add(prefix + attribute);
    }
  }

  private Map<String, Object> retry(RetryConfig retry) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("maxAttempts", retry.maxAttempts());
    json.put("maxDurationMillis", retry.maxDuration());
    json.put("retryFor", retry.retryFor().isEmpty() ? EXCEPTION : names(retry.retryFor()));
    json.put("noRetryFor", names(retry.noRetryFor()));
    json.put("notRecoverable", names(retry.notRecoverable()));
    json.put("matchCauses", retry.matchCauses());
    json.put("retryIf", retry.retryIf().isEmpty() ? null : retry.retryIf());
    BackoffConfig backoff = retry.backoff();
    Map<String, Object> backoffJson = new LinkedHashMap<>();
    backoffJson.put("delayMillis", backoff.delay());
    backoffJson.put("maxDelayMillis", backoff.maxDelay());
    backoffJson.put("multiplier", backoff.multiplier());
    backoffJson.put("random", backoff.random());
    backoffJson.put("jitter", backoff.jitter());
    backoffJson.put("delayFor", backoff.delayFor().isEmpty() ? null : backoff.delayFor());
    json.put("backoff", backoffJson);
    json.put(
        "worstCaseWaitMillis",
        Waits.of(backoff).worstCaseTotal(retry.maxAttempts(), retry.maxDuration()));
    return json;
  }

  private Map<String, Object> breaker(BreakerConfig breaker, String label) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("name", breaker.name().isEmpty() ? label : breaker.name());
    json.put("failOn", breaker.failOn().isEmpty() ? EXCEPTION : names(breaker.failOn()));
    json.put("skipOn", names(breaker.skipOn()));
    json.put("requestVolumeThreshold", breaker.requestVolumeThreshold());
    json.put("failureRatio", breaker.failureRatio());
    json.put("delayMillis", breaker.delay());
    json.put("successThreshold", breaker.successThreshold());
    return json;
  }

  /** {@code charge(java.lang.String,long)}: the name and the erased parameter types. */
  private String signature(GuardedMethod method) {
    StringBuilder text =
        new StringBuilder(method.method().getSimpleName().toString()).append('(');
    String separator = "";
    for (TypeMirror parameter : method.type().getParameterTypes()) {
      text.append(separator).append(erasedName(parameter));
      separator = ",";
    }
    return text.append(')').toString();
  }

  private List<Object> names(List<TypeMirror> classes) {
    List<Object> names = new ArrayList<>();
    for (TypeMirror type : classes) {
      names.add(erasedName(type));
    }
    return names;
  }

  /**
   * A type as the JVM names it, erased: {@code java.util.Map$Entry}, {@code long}, {@code
   * java.lang.String[]} (a varargs parameter is its array).
   */
  private String erasedName(TypeMirror type) {
    TypeMirror erased = types.erasure(type);
    if (erased.getKind() == TypeKind.ARRAY) {
      return erasedName(((ArrayType) erased).getComponentType()) + "[]";
    }
    if (erased.getKind() == TypeKind.DECLARED) {
      return elements
          .getBinaryName((TypeElement) ((DeclaredType) erased).asElement())
          .toString();
    }
    if (erased.getKind().isPrimitive()) {
      return erased.getKind().name().toLowerCase(Locale.ROOT);
    }
    return erased.toString();
  }
}
