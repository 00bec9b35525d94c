#!/usr/bin/env bash
# Installs Apache Otava (change-point detection for `kvbench history changes`) into its own virtual environment from
# PyPI, pinned, and prints the path of its `otava` command. Idempotent: a second run only prints the path.
#
#   export KVBENCH_OTAVA="$(scripts/setup-otava.sh)"
#   KVBENCH_TOOLS=/opt/tools scripts/setup-otava.sh     # where the venv goes (default ~/.cache/kvbench/tools)
set -euo pipefail

VERSION=0.8.0
TOOLS="${KVBENCH_TOOLS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kvbench/tools}"
VENV="$TOOLS/otava-$VERSION"
BIN="$VENV/bin/otava"

die() { echo "setup-otava: $*" >&2; exit 1; }

# The version check reads pip's whole output first: `pip show | grep -q` under pipefail fails when grep exits early.
installed=""
if [ -x "$BIN" ]; then installed=$("$VENV/bin/pip" show apache-otava 2>/dev/null || true); fi
if grep -qx "Version: $VERSION" <<<"$installed"; then
  echo "apache-otava $VERSION: already installed ($BIN)" >&2
else
  command -v python3 >/dev/null 2>&1 || die "python3 not found: Apache Otava is a Python package"
  start=$SECONDS
  log=$(mktemp)
  { python3 -m venv "$VENV" && "$VENV/bin/pip" install --quiet "apache-otava==$VERSION"; } >"$log" 2>&1 \
    || { tail -n 20 "$log" >&2; rm -rf "$VENV"; die "could not install apache-otava $VERSION from PyPI (its last lines above)"; }
  rm -f "$log"
  echo "apache-otava $VERSION: installed into $VENV in $((SECONDS - start)) s" >&2
fi
echo "$BIN"
