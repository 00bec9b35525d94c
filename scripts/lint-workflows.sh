#!/usr/bin/env bash
# Lints .github/workflows/*.yml with actionlint, which also runs shellcheck on every `run:` script. Installs both when
# missing: actionlint (pinned) is built from the Go module proxy with `go install` (needs Go 1.25+ on PATH), shellcheck
# comes from Debian's packages when we are root. Idempotent and fast once installed; exits 1 when a workflow has a problem.
#
#   scripts/lint-workflows.sh                         # lint every workflow
#   KVBENCH_TOOLS=/opt/tools scripts/lint-workflows.sh # where actionlint is installed (default ~/.cache/kvbench/tools)
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION=v1.7.12
TOOLS="${KVBENCH_TOOLS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kvbench/tools}"
BIN="$TOOLS/actionlint-$VERSION/actionlint"

die() { echo "lint-workflows: $*" >&2; exit 1; }

# 1. actionlint, pinned: the binary of this version, or built once into its own directory.
if [ -x "$BIN" ] && [ "$("$BIN" -version 2>/dev/null | head -n 1)" = "$VERSION" ]; then
  echo "actionlint $VERSION: already installed ($BIN)"
else
  command -v go >/dev/null 2>&1 || die "go not found: actionlint $VERSION is built with 'go install' (Go 1.25+)"
  start=$SECONDS
  log=$(mktemp)
  GOBIN="$(dirname "$BIN")" go install "github.com/rhysd/actionlint/cmd/actionlint@$VERSION" >"$log" 2>&1 \
    || { tail -n 20 "$log" >&2; die "go install github.com/rhysd/actionlint/cmd/actionlint@$VERSION failed (its last lines above)"; }
  rm -f "$log"
  echo "actionlint $VERSION: installed into $(dirname "$BIN") in $((SECONDS - start)) s"
fi

# 2. shellcheck: without it actionlint silently skips the scripts, so it is required.
if command -v shellcheck >/dev/null 2>&1; then
  echo "shellcheck: $(shellcheck --version | sed -n 's/^version: //p')"
elif [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  start=$SECONDS
  log=$(mktemp)
  { DEBIAN_FRONTEND=noninteractive apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q shellcheck; } \
    >"$log" 2>&1 || { tail -n 20 "$log" >&2; die "apt-get could not install shellcheck (its last lines above)"; }
  rm -f "$log"
  echo "shellcheck: installed $(shellcheck --version | sed -n 's/^version: //p') in $((SECONDS - start)) s"
else
  die "shellcheck not found; install it (Debian/Ubuntu: apt-get install shellcheck)"
fi

# 3. Lint. No arguments: actionlint finds .github/workflows of this repository itself.
shopt -s nullglob
workflows=(.github/workflows/*.yml .github/workflows/*.yaml)
[ ${#workflows[@]} -gt 0 ] || die "no workflow files in .github/workflows"
"$BIN" -shellcheck "$(command -v shellcheck)" -no-color "${workflows[@]}" || die "actionlint found problems (above)"
echo "actionlint: ${#workflows[@]} workflow files, no problems"
