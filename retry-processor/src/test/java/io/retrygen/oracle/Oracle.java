package io.retrygen.oracle;

import java.util.ArrayList;
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
      other.counts.forEach(this::count);
    }

    void keep(Mismatch mismatch) {
      count("mismatching runs", 1);
      if (mismatches.size() < KEPT) {
        mismatches.add(mismatch);
      }
    }
  }

  private Oracle() {}

  static Result check(List<Long> seeds) {
    List<Case> cases = new ArrayList<>();
    List<Names> names = new ArrayList<>();
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
      for (Path path : Runner.paths(drawn.policy)) {
        Model model = Model.run(drawn.policy, drawn.script, path, names.get(i));
        List<String> expected = model.trace().lines();
        List<String> actual =
            Runner.run(drawn.policy, drawn.script, path, names.get(i), loader).lines();
        result.count("runs: " + path, 1);
        result.count("calls", drawn.script.calls.size());
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
        }
        if (Trace.firstDifference(expected, actual) >= 0) {
          result.keep(new Mismatch(drawn, drawn.script, path, names.get(i), expected, actual));
        }
      }
    }
    result.count("ms running", (int) ((System.nanoTime() - runStart) / 1_000_000));
    return result;
  }

  /** Whether {@code script} still makes a difference on {@code path}, on a fresh copy. */
  static Mismatch differs(Case of, Script script, Path path, Names names, ClassLoader loader) {
    List<String> expected = Model.run(of.policy, script, path, names).trace().lines();
    List<String> actual = Runner.run(of.policy, script, path, names, loader).lines();
    return Trace.firstDifference(expected, actual) < 0
        ? null
        : new Mismatch(of, script, path, names, expected, actual);
  }
}
