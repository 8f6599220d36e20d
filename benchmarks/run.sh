#!/usr/bin/env bash
# Builds and runs every retrygen benchmark, then prints one Markdown report:
#   1. JMH per-call overhead (ns/op and gc.alloc.rate.norm B/op), 2 paths x 2 variants, for the
#      retry rows, the circuit-breaker rows (closed success, open rejection; issue 8), the
#      asynchronous rows (success, fail once; issue 9), the Kotlin suspend rows (issue 21), the
#      Reactor Mono rows (issue 22) and the rows built with run-time overrides (issue 24),
#   2. compile cost: what retry-processor adds to javac next to what AutoValue adds, cold (whole
#      process) and warm (in-process), for N annotated types (CompileCost; issue 13),
#   3. cold start of one retried call per library, and the size of each library's runtime jars.
# Usage (from anywhere): benchmarks/run.sh
# Needs JDK 17+, Maven 3.8+, retry-annotations/-runtime/-processor/-micrometer/-kotlin/-reactor/-spring
# 0.1.0-SNAPSHOT in ~/.m2 and access to Maven Central for the peers. About 25 minutes on 2 cores.
# Results in benchmarks/target/results/ (report.md, jmh.csv, jmh.log, coldstart.tsv,
# compile-cost.md, compile-cost.tsv, sizes.tsv). The full compile-cost step takes about 10 of the
# minutes.
# Knobs (environment): JMH_OPTS, COLD_RUNS (21), COMPILE_SIZES (20,200,2000), COMPILE_RUNS (5).
set -euo pipefail
export LC_ALL=C.UTF-8

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$HERE"
START=$(date +%s)
LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
RESULTS="$HERE/target/results"
JAVA_BIN="$(dirname "$(readlink -f "$(command -v java)")")"
JMH_OPTS="${JMH_OPTS:--f 1 -wi 3 -w 1s -i 5 -r 1s}"
COLD_RUNS="${COLD_RUNS:-21}"
COMPILE_SIZES="${COMPILE_SIZES:-20,200,2000}"
COMPILE_RUNS="${COMPILE_RUNS:-5}"
MVN="mvn -B -q"

step() { printf '\n== %s (%ds so far)\n' "$1" $(( $(date +%s) - START )); }

step "build"
if [ ! -d "$HOME/.m2/repository/io/retrygen/retry-processor" ]; then
  echo "io.retrygen:retry-processor is not installed in ~/.m2: see benchmarks/README.md" >&2
  exit 1
fi
$MVN -f "$HERE/pom.xml" clean package
$MVN -f "$HERE/runtime-deps/pom.xml" clean package
mkdir -p "$RESULTS"
TOOLS=(-cp "$HERE/target/classes")

step "runtime jar sizes"
: > "$RESULTS/sizes.tsv"
for lib in retrygen spring-template spring-annotation resilience4j failsafe guava-retrying; do
  jars=("$HERE/runtime-deps/$lib/target/lib/"*.jar)
  bytes=$(stat -c %s "${jars[@]}" | awk '{ s += $1 } END { print s }')
  names=$(for j in "${jars[@]}"; do basename "$j"; done | paste -sd, -)
  printf '%s\t%s\t%s\t%s\n' "$lib" "$bytes" "${#jars[@]}" "$names" >> "$RESULTS/sizes.tsv"
done
runtime_jar=("$HERE/runtime-deps/retrygen/target/lib/"retry-runtime-*.jar)
printf 'retry-runtime-jar\t%s\t1\t%s\n' "$(stat -c %s "${runtime_jar[0]}")" \
  "$(basename "${runtime_jar[0]}")" >> "$RESULTS/sizes.tsv"
cat "$RESULTS/sizes.tsv"

step "cold start: $COLD_RUNS runs per program, median"
# Every program, the empty one included, starts from the module's plain jar (not the JMH uber jar):
# an application ships as a jar, so opening one belongs to the baseline, not to the library.
APP_JAR=$(ls "$HERE"/target/benchmarks-[0-9]*.jar)
cp_of() { # classpath: the application jar plus the library's runtime jars only
  local cp="$APP_JAR"
  if [ -n "${1:-}" ]; then
    for j in "$HERE/runtime-deps/$1/target/lib/"*.jar; do cp="$cp:$j"; done
  fi
  printf '%s' "$cp"
}
M=io.retrygen.benchmarks.coldstart
{
  printf 'empty\t%s/java\t-cp\t%s\t%s.EmptyMain\n' "$JAVA_BIN" "$(cp_of)" "$M"
  printf 'hand-written\t%s/java\t-cp\t%s\t%s.HandWrittenMain\n' "$JAVA_BIN" "$(cp_of)" "$M"
  printf 'retrygen-interface\t%s/java\t-cp\t%s\t%s.RetrygenInterfaceMain\n' "$JAVA_BIN" "$(cp_of retrygen)" "$M"
  printf 'retrygen-class\t%s/java\t-cp\t%s\t%s.RetrygenClassMain\n' "$JAVA_BIN" "$(cp_of retrygen)" "$M"
  printf 'spring-template\t%s/java\t-cp\t%s\t%s.SpringTemplateMain\n' "$JAVA_BIN" "$(cp_of spring-template)" "$M"
  printf 'spring-annotation\t%s/java\t-cp\t%s\t%s.SpringAnnotationMain\n' "$JAVA_BIN" "$(cp_of spring-annotation)" "$M"
  printf 'resilience4j\t%s/java\t-cp\t%s\t%s.Resilience4jMain\n' "$JAVA_BIN" "$(cp_of resilience4j)" "$M"
  printf 'failsafe\t%s/java\t-cp\t%s\t%s.FailsafeMain\n' "$JAVA_BIN" "$(cp_of failsafe)" "$M"
  printf 'guava-retrying\t%s/java\t-cp\t%s\t%s.GuavaRetryingMain\n' "$JAVA_BIN" "$(cp_of guava-retrying)" "$M"
} > "$RESULTS/coldstart.spec"
"$JAVA_BIN/java" "${TOOLS[@]}" io.retrygen.benchmarks.tools.ProcessTimer \
  "$RESULTS/coldstart.spec" "$COLD_RUNS" 1 "$RESULTS/coldstart.tsv"

step "compile cost: javac with retrygen and with AutoValue, N = $COMPILE_SIZES, $COMPILE_RUNS runs"
# CompileCost checks that every run generated one class per input and stops otherwise.
"$JAVA_BIN/java" -cp "$HERE/target/benchmarks.jar" io.retrygen.benchmarks.tools.CompileCost \
  --sizes "$COMPILE_SIZES" --runs "$COMPILE_RUNS" --lib "$HERE/target/compile-cost-lib" \
  --work "$HERE/target/compile-cost-runs" > "$RESULTS/compile-cost.md"
cp "$HERE/target/compile-cost-runs/compile-cost.tsv" "$RESULTS/compile-cost.tsv"

step "JMH: $JMH_OPTS -prof gc"
# shellcheck disable=SC2086
# SpringStartup (context start-up, milliseconds a row) runs on its own: see benchmarks/README.md.
"$JAVA_BIN/java" -jar "$HERE/target/benchmarks.jar" $JMH_OPTS -bm avgt -tu ns -prof gc \
  -e 'SpringStartup' -rf csv -rff "$RESULTS/jmh.csv" > "$RESULTS/jmh.log" 2>&1 \
  || { tail -50 "$RESULTS/jmh.log"; exit 1; }
sed -n '/^Benchmark /,$p' "$RESULTS/jmh.log" | grep -v ':gc\.\(count\|time\|alloc\.rate \)' || true

step "report"
ELAPSED=$(( $(date +%s) - START ))
{
  echo "## Performance"
  echo
  echo "Machine: $(lscpu | sed -n 's/^Model name: *//p' | head -1), $(nproc) cores," \
    "$(free -g | awk '/^Mem:/ { print $2 }') GiB RAM, $(uname -sr)."
  echo "JVM: $("$JAVA_BIN/java" -version 2>&1 | sed -n 2p)."
  echo "Versions: JMH 1.37, retrygen 0.1.0-SNAPSHOT, $(sed -n 's/.*<\(spring-retry\|spring\|aspectj\|resilience4j\|failsafe\|guava-retrying\|guava\)\.version>\(.*\)<.*/\1 \2/p' "$HERE/pom.xml" | paste -sd, - | sed 's/,/, /g'),"\
    "$(sed -n 's/.*<\(kotlin\|kotlinx-coroutines\)\.version>\(.*\)<.*/\1 \2/p' "$HERE/../pom.xml" | paste -sd, - | sed 's/,/, /g')."
  echo "JMH: \`$JMH_OPTS -bm avgt -tu ns -prof gc\`; cold start: median of $COLD_RUNS runs;" \
    "compile cost: median of $COMPILE_RUNS runs per N. Whole run (build included): ${ELAPSED}s."
  echo "Load average (1/5/15 min) before the run: $LOAD_BEFORE; after: $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  "$JAVA_BIN/java" "${TOOLS[@]}" io.retrygen.benchmarks.tools.Report "$RESULTS"
  echo
  echo "### Compile cost (CompileCost)"
  echo
  cat "$RESULTS/compile-cost.md"
} > "$RESULTS/report.md"
cat "$RESULTS/report.md"
