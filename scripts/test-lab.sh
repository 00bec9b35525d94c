#!/usr/bin/env bash
# kvbench's lab (lab/: the code that measures kvbench itself and its runner, lab/README.md) built and tested on its
# own, against the installed kvbench, as the outside adapters are: first io.kvbench:kvbench and its test jar into the
# local repository, then `mvn -B -f lab/pom.xml verify`: lab/target/kvbench-lab.jar and every lab test (the JMH forks,
# the cache probe's pinned chases and the A/B sessions included). A test that needs what this machine lacks (Docker,
# two CPUs, taskset, Apache Otava) skips; the last lines list every skipped test with its reason. .ci/run calls it
# after the outside adapters.
#
#   scripts/test-lab.sh                              # everything
#   scripts/test-lab.sh -Dtest=CacheProbeTest        # more Maven options for the lab's build
set -euo pipefail
cd "$(dirname "$0")/.."
start=$SECONDS
step() { echo "== lab ($((SECONDS - start)) s): $*"; }

step "kvbench: io.kvbench:kvbench and its test jar in the local repository for the lab to compile against"
mvn -B -q install -DskipTests
step "lab: mvn -B -f lab/pom.xml verify"
status=0
mvn -B -f lab/pom.xml verify "$@" || status=$?
# Surefire counts skipped tests but does not print why: each one with its reason, from the XML reports.
skipped=$(grep -ho '<testcase name="[^"]*" classname="[^"]*"[^>]*>[[:space:]]*<skipped message="[^"]*"' \
  lab/target/surefire-reports/*.xml 2>/dev/null \
  | sed -E 's/.*name="([^"]*)" classname="([^"]*)".*<skipped message="([^"]*)"/   \2 \1: \3/' || true)
if [ -n "$skipped" ]; then
  step "skipped, with the reason:"
  echo "$skipped"
fi
step "done (exit $status)"
exit "$status"
