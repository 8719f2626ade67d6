# Sourced by bench/pipeline.sh and bench/cluster.sh, which start the application themselves: builds it as ./caravan
# does with RESEARCH_REPORT_MODEL=none (the embedding model's jars stay off the classpath, written to $classpath) and
# exports the Run command's heap cap, JIT and garbage collector in JAVA_OPTS (see ./caravan); options already in
# JAVA_OPTS come after them, so they win.
# RESEARCH_REPORT_MODEL=<a model> (e.g. all-minilm-l6-v2-q, the application's default) keeps the model's jars and runs
# with it.
classpath=target/classpath-lexical.txt
exclude=(-DexcludeGroupIds=dev.langchain4j,com.microsoft.onnxruntime,ai.djl,ai.djl.huggingface)
if [ -n "${RESEARCH_REPORT_MODEL:-}" ] && [ "$RESEARCH_REPORT_MODEL" != none ]; then
  classpath=target/classpath.txt
  exclude=()
fi
mvn -q -B -ntp -Dstyle.color=never compile dependency:build-classpath -Dmdep.outputFile="$classpath" \
  -DincludeScope=runtime "${exclude[@]}"
export JAVA_OPTS="-Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC ${JAVA_OPTS:-}"
