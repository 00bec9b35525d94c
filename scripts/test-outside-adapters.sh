#!/usr/bin/env bash
# The outside adapters (adapters/<engine>/: HaloDB, HestiaStore, DataStore4J) checked end to end through kvbench's
# command line, with no change to kvbench's sources: each adapter is built against the installed kvbench and its
# engine (the engine builds of ../shared/engines, installed into the local repository), then run through the contract
# suite, a crash test (a few SIGKILLs), a power-cut test (a few cuts) and one smoke benchmark. .ci/run calls it after
# mvn -B test. Reports go to target/outside-adapters/<engine>/.
#
#   scripts/test-outside-adapters.sh                  # every adapter
#   KVBENCH_ENGINES_DIR=/path scripts/...             # the engine builds (default: ../shared/engines)
#   KVBENCH_JDK22_HOME=/path/to/jdk scripts/...       # a JDK 22+ for DataStore4J (default: Temurin 25 here)
#
# Each adapter is given in another of --adapter's forms: HaloDB as its Maven coordinate, HestiaStore as a directory
# of jars through KVBENCH_ADAPTERS, DataStore4J as a directory. HaloDB and HestiaStore run their benchmark and kill
# writers in containers where Docker is available. DataStore4J is compiled for Java 22: kvbench runs on the JDK 22+,
# and its containers on a base image made here from the JDK 17 base image with that JDK as `java`
# (--base-image kvbench-base:jdk22-adapters); without Docker, its benchmark and writers run as local JVMs.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
engines_dir="${KVBENCH_ENGINES_DIR:-$(cd .. && pwd)/shared/engines}"
jdk22="${KVBENCH_JDK22_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
out=target/outside-adapters
cycles="${KVBENCH_ADAPTER_CYCLES:-3}"
[ -x "$jdk22/bin/java" ] || { echo "test-outside-adapters: no JDK 22+ at $jdk22 (set KVBENCH_JDK22_HOME)" >&2; exit 1; }
step() { echo "== outside adapters ($((SECONDS - start)) s): $*"; }

step "engine builds from $engines_dir into the local repository"
scripts/install-shared-engines.sh "$engines_dir"
step "kvbench: target/kvbench.jar, and io.kvbench:kvbench in the local repository for the adapters to compile against"
mvn -B -q install -DskipTests
for engine in halodb hestiastore; do
  step "build adapters/$engine"
  mvn -B -q -f "adapters/$engine/pom.xml" install
done
step "build adapters/datastore4j (JDK 22+)"
JAVA_HOME="$jdk22" mvn -B -q -f adapters/datastore4j/pom.xml install
# A base image whose java is the JDK 22+: the JDK 17 base image (scripts/setup-docker.sh) with that JDK copied in.
jdk22_runner=local
jdk22_image=()
if docker info >/dev/null 2>&1; then
  step "base image kvbench-base:jdk22-adapters (${KVBENCH_BASE_IMAGE:-kvbench-base:bookworm-jdk17} + $jdk22)"
  context=$(mktemp -d)
  cp -a "$jdk22" "$context/jdk"
  printf 'FROM %s\nCOPY jdk /opt/jdk22\nENV JAVA_HOME=/opt/jdk22 PATH=/opt/jdk22/bin:%s\n' \
    "${KVBENCH_BASE_IMAGE:-kvbench-base:bookworm-jdk17}" /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    >"$context/Dockerfile"
  docker build -q -t kvbench-base:jdk22-adapters "$context" >/dev/null
  rm -rf "$context"
  jdk22_runner=container
  jdk22_image=(--base-image kvbench-base:jdk22-adapters)
fi
rm -rf "$out"
mkdir -p "$out"

# One engine through every suite: contract, crash (kills), power cut, one smoke benchmark. $1 engine, $2 java,
# $3 runner of the benchmark, $4 runner of the kill writers, then the adapter options; $image: the options that choose
# the containers' base image (an array, empty for the default).
image=()
check() {
  local engine="$1" java="$2" runner="$3" writers="$4"
  shift 4
  local kvbench=("$java" -jar target/kvbench.jar)
  step "$engine: contract suite"
  "${kvbench[@]}" contract --engines "$engine" "$@" --out "$out/$engine/contract"
  step "$engine: crash test, $cycles kills"
  "${kvbench[@]}" crash --engines "$engine" "$@" --cycles "$cycles" --seed 7 --runner "$writers" "${image[@]}" \
    --out "$out/$engine/crash"
  step "$engine: power-cut test, $cycles cuts"
  "${kvbench[@]}" crash --engines "$engine" "$@" --cycles "$cycles" --seed 7 --fault power-cut \
    --out "$out/$engine/power-cut"
  step "$engine: smoke benchmark"
  "${kvbench[@]}" run --engines "$engine" "$@" --workloads tc-random-read --profile smoke --runner "$runner" \
    "${image[@]}" --out "$out/$engine/run"
}

check halodb java auto auto --adapter io.kvbench.adapters:kvbench-adapter-halodb:0.1.0-SNAPSHOT
KVBENCH_ADAPTERS="$PWD/adapters/hestiastore/target/adapter" check hestiastore java auto auto
image=("${jdk22_image[@]}")
check datastore4j "$jdk22/bin/java" "$jdk22_runner" "$jdk22_runner" --adapter adapters/datastore4j/target/adapter
step "done: contract, crash, power cut and a benchmark for halodb, hestiastore and datastore4j"
echo "outside adapters: $((SECONDS - start)) s"
