#!/usr/bin/env bash
# Runs the workflow harness: this repository's GitHub workflows run for real, offline, with nektos/act in host mode
# (the jobs run on this machine as on a self-hosted runner), and their outputs checked (tests tagged "workflow" in
# src/test/java/io/kvbench/workflows). See docs/workflow-harness.md for what it covers and what it cannot.
#
#   scripts/test-workflows.sh                                  # every scenario
#   scripts/test-workflows.sh -Dtest=NightlyWorkflowTest       # one scenario class (any Maven options pass through)
#   KVBENCH_ACTIONS_DIR=/path/to/actions scripts/...           # the pinned actions (default: ../shared/actions)
#
# Needs what the workflows' jobs need on a runner: a Docker engine with the offline base image
# (scripts/setup-docker.sh), FUSE (scripts/setup-fuse.sh), Python 3 with venv, git, jq and curl. Installs act and
# Node 24 itself (scripts/setup-act.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

eval "$(scripts/setup-act.sh)"
export KVBENCH_ACT="$ACT" KVBENCH_NODE24_BIN="$NODE24_BIN"
export KVBENCH_ACTIONS_DIR="${KVBENCH_ACTIONS_DIR:-$(cd .. && pwd)/shared/actions}"
# The jobs' tool cache (actionlint, Otava), the machine's own as on a self-hosted runner: where the setup scripts put it.
export KVBENCH_TOOLS="${KVBENCH_TOOLS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kvbench/tools}"
# The tools the workflows' scripts use on a runner (hosted runners have them): installed from Debian's packages when
# missing and we are root.
missing=()
for tool in git jq curl; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
if [ ${#missing[@]} -gt 0 ] && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  log=$(mktemp)
  { DEBIAN_FRONTEND=noninteractive apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } \
    >"$log" 2>&1 || { tail -n 20 "$log" >&2; echo "test-workflows: apt-get could not install ${missing[*]}" >&2; exit 1; }
  rm -f "$log"
  echo "test-workflows: installed ${missing[*]}"
fi
for tool in git jq curl python3 docker; do
  command -v "$tool" >/dev/null 2>&1 || { echo "test-workflows: $tool not found (the workflows' jobs use it)" >&2; exit 1; }
done
[ -d "$KVBENCH_ACTIONS_DIR" ] || echo "test-workflows: no pinned actions at $KVBENCH_ACTIONS_DIR: the scenarios will be skipped" >&2
start=$SECONDS
mvn -B test -Pworkflows "$@"
echo "workflow harness: $((SECONDS - start)) s"
