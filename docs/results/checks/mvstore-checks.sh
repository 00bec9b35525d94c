#!/usr/bin/env bash
# Runs one of the MVStore checks of docs/results/2026-11-26-reproduction-causes.md on several MVStore versions, one
# after another, on one CPU (taskset, as kvbench's one-core container). Needs a JDK 17+, Maven (to fetch the jars into
# ~/.m2) and taskset.
#   mvstore-checks.sh tc [VERSION...]      MvStoreTcRandomRead (default 1.4.193 1.4.196 1.4.200 2.0.206 2.4.240)
#   mvstore-checks.sh hestia [VERSION...]  MvStoreHestiaSequentialRead (default 2.4.240)
# Compiled against the first version given and run on each. Environment: OUT (default /tmp/mvstore-checks), CPU
# (default 1), JMH_ARGS (extra JMH options, e.g. "-f 1 -p records=1000000": one fork, 1M records). Output: a JMH line
# per version and parameter, the logs and JMH JSON under $OUT.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
check=${1:?usage: $0 tc|hestia [VERSION...]}; shift
case "$check" in
  tc) class=MvStoreTcRandomRead; defaults=(1.4.193 1.4.196 1.4.200 2.0.206 2.4.240) ;;
  hestia) class=MvStoreHestiaSequentialRead; defaults=(2.4.240) ;;
  *) echo "mvstore-checks: unknown check $check (tc or hestia)" >&2; exit 2 ;;
esac
versions=("$@"); [ ${#versions[@]} -gt 0 ] || versions=("${defaults[@]}")
out=${OUT:-/tmp/mvstore-checks}/$check
m2=${M2:-$HOME/.m2/repository}
jmh=1.37
jar() { # group artifact version -> its path in the local repository, fetched if missing
  local path="$m2/${1//.//}/$2/$3/$2-$3.jar"
  [ -f "$path" ] || mvn -q dependency:get -Dartifact="$1:$2:$3" >&2
  echo "$path"
}
jmhcp="$(jar org.openjdk.jmh jmh-core $jmh):$(jar net.sf.jopt-simple jopt-simple 5.0.4)"
jmhcp="$jmhcp:$(jar org.apache.commons commons-math3 3.6.1)"
rm -rf "$out/classes" && mkdir -p "$out/classes"
javac -d "$out/classes" "$here/$class.java" \
  -cp "$jmhcp:$(jar org.openjdk.jmh jmh-generator-annprocess $jmh):$(jar com.h2database h2-mvstore "${versions[0]}")"
for v in "${versions[@]}"; do
  # shellcheck disable=SC2086 # JMH_ARGS is a list of options
  taskset -c "${CPU:-1}" java -cp "$out/classes:$jmhcp:$(jar com.h2database h2-mvstore "$v")" org.openjdk.jmh.Main \
    "$class" ${JMH_ARGS:-} -rf json -rff "$out/h2-mvstore-$v.json" > "$out/h2-mvstore-$v.log" 2>&1
  grep -E "^$class\." "$out/h2-mvstore-$v.log" | sed "s/^/h2-mvstore $v: /"
done
