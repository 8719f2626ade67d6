#!/usr/bin/env bash
# Fits the ranking's weights: bench/fit-ranking.sh [OUT_DIR] [-Dkey=value ...]
# Measures the ranking's features on the research kit's tune and check halves (../shared/bench/research/) with the
# pipeline's own code, then fits RelevanceModel's weights on tune (cross-validated) and scores them on check. Paste
# the printed weights into src/main/java/dev/caravan/rank/RelevanceModel.java, then judge with bench/research.sh on
# both halves. Needs python3 with numpy. Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/ranking-features}
shift || true
kit=../shared/bench/research
dataset=../shared/data/wcxb-dev-all
cp_file=target/bench-runtime.classpath
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -DincludeScope=runtime
fi
mkdir -p "$out"
for half in tune check; do
  java ${JAVA_OPTS:-} "$@" -cp "target/classes:$(cat "$cp_file")" dev.caravan.bench.RankingFeatures \
    "$dataset" "$kit/plan-$half.json" "$out/$half.jsonl"
done
python3 bench/fit_ranking.py "$out/tune.jsonl" "$out/check.jsonl"
