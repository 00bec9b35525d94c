#!/usr/bin/env bash
# Makes a headless browser available for the report test (io.kvbench.report.ReportInBrowserTest renders report.html
# in Chromium, takes a screenshot and checks the laid-out page): Debian's or Ubuntu's chromium package. Idempotent, one
# line per step. Without it the browser test skips and says why; nothing else depends on it.
#
#   scripts/setup-chromium.sh        # as root (or through sudo) on Debian/Ubuntu
set -euo pipefail

say() { echo "$*"; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

for name in chromium chromium-browser google-chrome; do
  if command -v "$name" >/dev/null 2>&1; then
    say "chromium: $(command -v "$name") present ($("$name" --version 2>/dev/null | head -n 1))"
    exit 0
  fi
done

if ! command -v apt-get >/dev/null 2>&1; then
  say "chromium: not installed and no apt-get: the browser test will be skipped (or set \$KVBENCH_CHROMIUM)"
  exit 0
fi

# Debian names the package chromium; on Ubuntu that name is a snap wrapper, which needs snapd: try it, report plainly.
start=$SECONDS
log=$(mktemp)
export DEBIAN_FRONTEND=noninteractive
{ $SUDO apt-get update -q && $SUDO apt-get install -y -q chromium; } >"$log" 2>&1 \
  || { tail -n 20 "$log" >&2; echo "setup-chromium: apt-get could not install chromium" >&2; exit 1; }
rm -f "$log"
if command -v chromium >/dev/null 2>&1 && chromium --version >/dev/null 2>&1; then
  say "chromium: installed $(chromium --version | head -n 1) in $((SECONDS - start)) s"
else
  say "chromium: the package installed no working chromium (a snap wrapper?): the browser test will be skipped"
fi
