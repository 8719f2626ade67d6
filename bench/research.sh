#!/usr/bin/env bash
# Key-findings benchmark: bench/research.sh DATASET_DIR PLAN.json OUT_DIR [-Dkey=value ...]
# Runs Caravan's own extraction, ranking and report code over the plan's local pages (no network), writes one
# report and sidecar per query into OUT_DIR, then scores them with the research kit next to its BM25 and lead peers.
# Settings come from application.properties; -D options override them, e.g. -Dresearch.report.model=none for the
# lexical-only mode. Run from the project root, e.g.:
#   bench/research.sh ../shared/data/wcxb-dev ../shared/bench/research/plan-wcxb-dev.json /tmp/research-out
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -lt 3 ]; then
  echo "usage: bench/research.sh DATASET_DIR PLAN.json OUT_DIR [-Dkey=value ...]" >&2
  exit 2
fi
dataset=$1 plan=$2 out=$3
shift 3
cp_file=target/bench-runtime.classpath # runtime scope only (an older file had the test jars)
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -DincludeScope=runtime
fi
rm -rf "$out"
java ${JAVA_OPTS:-} "$@" -cp "target/classes:$(cat "$cp_file")" dev.caravan.bench.ResearchBenchmark "$dataset" "$plan" "$out"
scorer="$(dirname "$plan")/research_bench.py"
[ -f "$scorer" ] || scorer=../shared/bench/research/research_bench.py # a plan of our own (bench/research/) uses the kit's scorer
python3 "$scorer" score "$dataset" "$plan" "$out" ${BENCH_MISSES:+--misses}
