package io.retrygen.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks a batch of cases: compiles their policies in one compilation, runs each script on every
 * path that fits, and compares each observed trace with the model's.
 */
final class Oracle {
  /** A path on which a case did not do what the model says. */
  static final class Mismatch {
    final Case of;
    /** The script that made the difference: the case's, or a shrunk one. */
    final Script script;
    final Path path;
    final Names names;
    final List<String> expected;
    final List<String> actual;

    Mismatch(Case of, Script script, Path path, Names names, List<String> expected,
        List<String> actual) {
      this.of = of;
      this.script = script;
      this.path = path;
      this.names = names;
      this.expected = expected;
      this.actual = actual;
    }
  }

  /** What a batch found, and what it exercised. */
  static final class Result {
    private static final int KEPT = 100;

    /** The first {@link #KEPT} mismatches; the others are only counted. */
    final List<Mismatch> mismatches = new ArrayList<>();
    /** The first {@link #KEPT} invalid overrides that building did not reject as it must. */
    final List<String> invalid = new ArrayList<>();
    /** Runs per path, calls made, and the model's coverage counts. */
    final Map<String, Integer> counts = new TreeMap<>();

    void count(String what, int times) {
      counts.merge(what, times, Integer::sum);
    }

    /** Adds what {@code other} found: its counts (its mismatches counted there already). */
    void add(Result other) {
      for (Mismatch mismatch : other.mismatches) {
        if (mismatches.size() < KEPT) {
          mismatches.add(mismatch);
        }
      }
      for (String report : other.invalid) {
        if (invalid.size() < KEPT) {
          invalid.add(report);
        }
      }
      other.counts.forEach(this::count);
    }

    void keep(Mismatch mismatch) {
      count("mismatching runs", 1);
      count("mismatching runs on " + mismatch.path, 1);
      if (mismatches.size() < KEPT) {
        mismatches.add(mismatch);
      }
    }
  }

  private Oracle() {}

  static Result check(List<Long> seeds) {
    List<Case> cases = new ArrayList<>();
    List<Names> names = new ArrayList<>();
    // Per case, the override keys of its type (Overrides.ofType).
    List<Map<String, String>> typeKeys = new ArrayList<>();
    Map<String, String> sources = new LinkedHashMap<>();
    for (long seed : seeds) {
      List<Case> drawn = Case.of(seed);
      List<Names> fresh = PolicyCompiler.freshNames(drawn.size());
      List<Policy> policies = new ArrayList<>();
      for (Case each : drawn) {
        policies.add(each.policy);
      }
      cases.addAll(drawn);
      names.addAll(fresh);
      typeKeys.addAll(Collections.nCopies(drawn.size(), Overrides.ofType(drawn, fresh)));
      sources.put(fresh.get(0).qualifiedType(), PolicySource.render(policies, fresh));
    }
    long compileStart = System.nanoTime();
    ClassLoader loader = PolicyCompiler.compile(sources);
    Result result = new Result();
    result.count("ms compiling", (int) ((System.nanoTime() - compileStart) / 1_000_000));
    long runStart = System.nanoTime();
    for (int i = 0; i < cases.size(); i++) {
      Case drawn = cases.get(i);
      result.count("cases", 1);
      countOverrides(drawn.overrides, result);
      for (Path path : Runner.paths(drawn.policy)) {
        Script script = drawn.script(path);
        Model model = Model.run(drawn.policy, drawn.overrides, script, path, names.get(i));
        List<String> expected = model.trace().lines();
        List<String> actual = Runner.run(drawn.policy,
            keys(typeKeys.get(i), drawn, names.get(i), path), script, path, names.get(i),
            loader).lines();
        result.count("runs: " + path, 1);
        if (!drawn.overrides.isEmpty()) {
          result.count("runs with overrides: " + path, 1);
        }
        result.count("calls", script.calls.size());
        model.seen.forEach((what, times) -> result.count("seen: " + what, times));
        if (model.seen.containsKey("timed out")) {
          result.count("timeouts on " + path, model.seen.get("timed out"));
        }
        if (path.reactive) {
          model.seen.forEach((what, times) -> result.count("seen on " + path + ": " + what, times));
        } else if (path.flow) {
          model.seen.forEach((what, times) -> result.count("seen on FLOW: " + what, times));
        } else if (path.suspend) {
          model.seen.forEach((what, times) -> result.count("seen on SUSPEND: " + what, times));
        } else if (path.stateful) {
          model.seen.forEach((what, times) -> result.count("seen on " + path + ": " + what, times));
        }
        if (Trace.firstDifference(expected, actual) >= 0) {
          result.keep(new Mismatch(drawn, script, path, names.get(i), expected, actual));
        }
      }
    }
    // After every run: building an instance binds (and creates) the budgets of all its methods,
    // here without the overrides of the pair whose invalid value is checked.
    for (int i = 0; i < cases.size(); i++) {
      if (cases.get(i).overrides.invalid != null) {
        int first = i - cases.get(i).slot;
        List<Case> others = new ArrayList<>(cases.subList(first, first + Case.SLOTS));
        List<Names> otherNames = new ArrayList<>(names.subList(first, first + Case.SLOTS));
        others.remove(cases.get(i).slot);
        otherNames.remove(cases.get(i).slot);
        checkInvalid(cases.get(i), names.get(i), Overrides.ofType(others, otherNames), loader,
            result);
      }
    }
    result.count("ms running", (int) ((System.nanoTime() - runStart) / 1_000_000));
    return result;
  }

  /** The keys a run on {@code path} is given: the type's, a template's own too. */
  static Map<String, String> keys(Map<String, String> typeKeys, Case of, Names names, Path path) {
    return path.template ? Overrides.ofTemplate(typeKeys, of, names, path) : typeKeys;
  }

  /**
   * Whether {@code script} still makes a difference on {@code path}, on a fresh copy whose type's
   * instances are given {@code typeKeys}.
   */
  static Mismatch differs(Case of, Script script, Path path, Names names, ClassLoader loader,
      Map<String, String> typeKeys) {
    List<String> expected = Model.run(of.policy, of.overrides, script, path, names).trace()
        .lines();
    List<String> actual = Runner.run(of.policy, keys(typeKeys, of, names, path), script, path,
        names, loader).lines();
    return Trace.firstDifference(expected, actual) < 0
        ? null
        : new Mismatch(of, script, path, names, expected, actual);
  }

  private static void countOverrides(Overrides overrides, Result result) {
    if (!overrides.values.isEmpty()) {
      result.count("cases with overrides", 1);
    }
    if (overrides.killSwitch()) {
      result.count("cases under the kill switch", 1);
    }
    for (String attribute : overrides.values.keySet()) {
      result.count("overridden: " + attribute, 1);
    }
  }

  /**
   * Building the pair's instance with its invalid value (and the keys of the type's other pairs)
   * must throw an {@code IllegalArgumentException} naming the key and the value, as must building
   * its template with a retry's (SPEC §17).
   */
  private static void checkInvalid(Case of, Names names, Map<String, String> otherKeys,
      ClassLoader loader, Result result) {
    Overrides.Invalid invalid = of.overrides.invalid;
    Map<String, String> given = new TreeMap<>(otherKeys);
    String key = of.overrides.key(invalid.attribute, of.policy, names, invalid.path);
    given.put(key, invalid.value);
    checkRejected(of, names, given, key, invalid.value,
        Runner.build(of.policy, given, names, loader, false), "its instance", result);
    if (invalid.attribute.startsWith("retry.") && Runner.paths(of.policy).contains(Path.TEMPLATE)) {
      Map<String, String> template = new TreeMap<>();
      if (of.overrides.enabled != null) {
        template.put("retrygen.enabled", of.overrides.enabled);
      }
      String templateKey = of.overrides.key(invalid.attribute, of.policy, names, Path.TEMPLATE);
      template.put(templateKey, invalid.value);
      checkRejected(of, names, template, templateKey, invalid.value,
          Runner.build(of.policy, template, names, loader, true), "its template", result);
    }
  }

  private static void checkRejected(Case of, Names names, Map<String, String> given, String key,
      String value, Throwable thrown, String built, Result result) {
    if (thrown instanceof IllegalArgumentException && thrown.getMessage() != null
        && thrown.getMessage().contains(key) && thrown.getMessage().contains(value)) {
      result.count("invalid overrides rejected", 1);
      return;
    }
    result.count("invalid overrides not rejected", 1);
    if (result.invalid.size() < Result.KEPT) {
      result.invalid.add(Report.invalid(of, names, given, key + "=" + value, built, thrown));
    }
  }
}
