#!/usr/bin/env bash
# kvbench's lab (lab/: the code that measures kvbench itself and its runner, lab/README.md) built and tested on its
# own, against the installed kvbench, as the outside adapters are: first io.kvbench:kvbench and its test jar into the
# local repository, then `mvn -B -f lab/pom.xml verify`: lab/target/kvbench-lab.jar and every lab test (the JMH forks,
# the cache probe's pinned chases and the A/B sessions included). A test that needs what this machine lacks (Docker,
# two CPUs, taskset, loop devices, Apache Otava) skips; the last lines list every skipped test with its reason.
# .ci/run calls it after the outside adapters.
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
# Surefire counts skipped tests but does not print why: each one with its reason, from the XML reports (the reason is
# the skipped element's message, or the first line of its text that is not only the exception's class).
skipped=$(awk '
  match($0, /<testcase name="[^"]*" classname="[^"]*"/) {
    split(substr($0, RSTART, RLENGTH), p, "\""); test = p[4] " " p[2]
  }
  /<skipped/ {
    if (match($0, /message="[^"]*"/)) { print "   " test ": " substr($0, RSTART + 9, RLENGTH - 10); next }
    line = $0; sub(/.*<!\[CDATA\[/, "", line); want = 1
    if (line != "" && line !~ /^[A-Za-z0-9_.$]+: *$/) { print "   " test ": " substr(line, 1, 200); want = 0 }
    next
  }
  want && NF { print "   " test ": " substr($0, 1, 200); want = 0 }' \
  lab/target/surefire-reports/TEST-*.xml 2>/dev/null || true)
if [ -n "$skipped" ]; then
  step "skipped, with the reason:"
  echo "$skipped"
fi
step "done (exit $status)"
exit "$status"
