#!/usr/bin/env bash
# Puts the prebuilt kvbench jar of a checkout's commit where the build would put it (DIR/target/kvbench.jar), so that
# a job that builds the jar (the nightly's, the baseline update's, the pull-request A/B's for each side) can skip the
# build of a commit that was built already. TEMPLATE is the repository variable KVBENCH_PREBUILT_JAR: a URL with
# {commit} standing for the full commit id, https:// or file:// (a directory of a self-hosted runner), e.g.
# file:///srv/kvbench-jars/{commit}.jar. Whatever builds the commits once (a pipeline of yours) publishes the jars
# there; the workflows only read them.
#
#   scripts/prebuilt-jar.sh TEMPLATE DIR >> "$GITHUB_OUTPUT"    # prints found=true or found=false
#
# An empty TEMPLATE, or no jar at the URL, prints found=false: the job builds. A jar that does not report the commit,
# clean, as its git revision (`kvbench --version`) is refused with exit 1: a run never measures other code than the
# commit it names. Messages go to stderr; stdout is the one output line.
set -euo pipefail
template=${1-}
dir=${2:?usage: scripts/prebuilt-jar.sh TEMPLATE DIR}
commit=$(git -C "$dir" rev-parse HEAD)
if [ -z "$template" ]; then
  echo "found=false"
  exit 0
fi
url=${template//\{commit\}/$commit}
mkdir -p "$dir/target"
fetched="$dir/target/kvbench.jar.prebuilt"
if ! curl -fsSL --retry 2 -o "$fetched" "$url"; then
  rm -f "$fetched"
  echo "prebuilt-jar: no jar of $commit at $url: the job builds it" >&2
  echo "found=false"
  exit 0
fi
reported=$(java -jar "$fetched" --version) || reported="(not a kvbench jar)"
if [[ "$reported" != *"(git revision $commit)" ]]; then
  rm -f "$fetched"
  echo "::error::$url reports '$reported', not the clean commit $commit: fix what published it"
  exit 1
fi
mv "$fetched" "$dir/target/kvbench.jar"
echo "prebuilt-jar: $reported, from $url, in place of the build" >&2
echo "found=true"
