#!/usr/bin/env bash
# Extraction benchmark: bench/extract.sh DATASET_DIR OUT_DIR [--passes N] [--score]
# Extracts DATASET_DIR/html/<id>.html[.gz] to OUT_DIR/<id>.md with ContentExtractor in one thread, after a warm-up
# pass, and prints pages written out of pages in the dataset (each failure named), the detected page types
# (OUT_DIR/page-types.tsv) and pages/s. With --score it then prints the scrapinghub F1 (evaluate.py) and WCXB's
# metric per page type (wcxb_f1.py) from the extraction kit, EXTRACTION_KIT (default ../shared/bench/extraction).
# Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."
score=false
args=()
for a in "$@"; do
  if [ "$a" = "--score" ]; then score=true; else args+=("$a"); fi
done
if [ "${#args[@]}" -lt 2 ]; then
  echo "usage: bench/extract.sh DATASET_DIR OUT_DIR [--passes N] [--score]" >&2
  exit 2
fi
cp_file=target/extract-bench-runtime.classpath # runtime scope only (an older file had the test jars)
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -DincludeScope=runtime
fi
java ${JAVA_OPTS:-} -Xms512m -cp "target/classes:$(cat "$cp_file")" dev.caravan.bench.ExtractionBenchmark "${args[@]}"
if $score; then
  kit=${EXTRACTION_KIT:-../shared/bench/extraction}
  echo "scrapinghub F1 (evaluate.py):"
  python3 "$kit/evaluate.py" --gt "${args[0]}" "caravan=${args[1]}"
  echo "WCXB metric per page type (wcxb_f1.py):"
  python3 "$kit/wcxb_f1.py" "${args[0]}" "caravan=${args[1]}"
fi
