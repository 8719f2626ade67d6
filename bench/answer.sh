#!/usr/bin/env bash
# Answer-check benchmark: bench/answer.sh [DATASET_DIR PLAN.json] [-Dkey=value ...]
# For every query of a research plan (by default the research kit's check half), chooses the findings with Caravan's
# own extraction and ranking code over the plan's local pages (no network, no model call), makes answer sentences from
# them (supported, unsupported, borderline; see src/main/java/dev/caravan/bench/AnswerSentences.java) and runs only the
# answer checker on them. Prints per kind the share kept and dropped (next to the fact check alone and the similarity
# check alone), a sweep of research.llm.min-similarity, and the time of the checks per answer. Settings come from
# application.properties; -D options override them, e.g. -Dresearch.llm.min-similarity=0.6 or
# -Dresearch.report.model=none. Run from the project root:
#   bench/answer.sh
#   bench/answer.sh ../shared/data/wcxb-dev-all ../shared/bench/research/plan-tune.json
set -euo pipefail
cd "$(dirname "$0")/.."
dataset=../shared/data/wcxb-dev-all plan=../shared/bench/research/plan-check.json
if [ $# -ge 2 ] && [ "${1#-D}" = "$1" ]; then
  dataset=$1 plan=$2
  shift 2
fi
cp_file=target/bench-runtime.classpath # runtime scope only
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -DincludeScope=runtime
fi
java ${JAVA_OPTS:-} "$@" -cp "target/classes:$(cat "$cp_file")" dev.caravan.bench.AnswerBenchmark "$dataset" "$plan"
