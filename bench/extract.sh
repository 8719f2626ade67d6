#!/usr/bin/env bash
# Extraction benchmark: bench/extract.sh DATASET_DIR OUT_DIR [--passes N]
# Extracts DATASET_DIR/html/<id>.html[.gz] to OUT_DIR/<id>.md with ContentExtractor in one thread,
# after a warm-up pass, and prints pages/s. Run from the project root.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file=target/extract-bench.classpath
mvn -q -B compile
if [ ! -s "$cp_file" ] || [ pom.xml -nt "$cp_file" ]; then
  mvn -q -B dependency:build-classpath -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=runtime
fi
exec java ${JAVA_OPTS:-} -Xms512m -cp "target/classes:$(cat "$cp_file")" dev.caravan.extract.ExtractionBenchmark "$@"
