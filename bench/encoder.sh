#!/usr/bin/env bash
# Sentence-encoder benchmark: bench/encoder.sh [GROUND_TRUTH.json [MODEL [PASSAGES [ROUNDS]]]]
# Embeds PASSAGES sentences (default 2000) of the research kit's article bodies in calls of 200 texts, as the ranker
# does per query, with langchain4j's own per-text path, Caravan's encoder and padded batches of 32, alternating for
# ROUNDS rounds (default 2); prints ms per passage (wall and CPU) and each path's distance from langchain4j's vectors.
# MODEL is one of research.report.model's names (default all-minilm-l6-v2-q). Run from the project root, e.g.:
#   bench/encoder.sh ../shared/data/wcxb-dev-all/ground-truth.json bge-small-en-v15-q
set -euo pipefail
cd "$(dirname "$0")/.."
truth=${1:-../shared/data/wcxb-dev-all/ground-truth.json}
shift $(( $# > 0 ? 1 : 0 ))
cp_file=target/bench-runtime.classpath # runtime scope only (an older file had the test jars)
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -DincludeScope=runtime
fi
java ${JAVA_OPTS:-} -cp "target/classes:$(cat "$cp_file")" dev.caravan.bench.EncoderBenchmark "$truth" "$@"
