#!/usr/bin/env bash
# Makes a Docker engine and kvbench's offline base image available on a Debian machine where we are root, for
# `kvbench run --runner container` and the container tests. Idempotent: each step is skipped when already done, and the
# script prints one line per step saying what it found or did.
#
#   scripts/setup-docker.sh                  # install, start, build the base image (about 1 min the first time)
#   KVBENCH_BASE_IMAGE=my/jdk17 scripts/...  # another tag for the offline base image
#
# The engine runs without a bridge network (--bridge=none --iptables=false): benchmark containers need no network and
# kvbench starts them with network mode none. The base image is built from the machine's own apt sources
# (mmdebstrap), because machines without a container registry cannot pull one.
set -euo pipefail

TAG="${KVBENCH_BASE_IMAGE:-kvbench-base:bookworm-jdk17}"
SUITE="${KVBENCH_BASE_SUITE:-bookworm}"
DOCKERD_LOG="${DOCKERD_LOG:-/var/log/dockerd.log}"
WAIT_SECONDS="${DOCKERD_WAIT_SECONDS:-60}"

die() { echo "setup-docker: $*" >&2; exit 1; }
say() { echo "$*"; }

[ "$(id -u)" -eq 0 ] || die "must run as root (it installs packages and starts dockerd); try: sudo $0"
command -v apt-get >/dev/null 2>&1 || die "apt-get not found: this script supports Debian-like systems only"

# 1. Packages. dpkg-query, not `command -v`: a docker CLI binary may exist (e.g. /usr/local/bin/docker) without an engine.
missing=()
dpkg-query -W -f='${Status}' docker.io 2>/dev/null | grep -q "ok installed" || command -v dockerd >/dev/null 2>&1 || missing+=(docker.io)
command -v mmdebstrap >/dev/null 2>&1 || missing+=(mmdebstrap)
# strace counts the syncs of benchmarks run on this machine's JVM (--runner local); the image has its own.
command -v strace >/dev/null 2>&1 || missing+=(strace)
if [ ${#missing[@]} -eq 0 ]; then
  say "packages: docker engine, mmdebstrap and strace already installed"
else
  start=$SECONDS
  apt_log=$(mktemp)
  # apt's own output only when it fails: a run that works prints one line.
  { DEBIAN_FRONTEND=noninteractive apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } \
    >"$apt_log" 2>&1 || { tail -n 20 "$apt_log" >&2; die "apt-get could not install ${missing[*]} (its last lines above)"; }
  rm -f "$apt_log"
  say "packages: installed ${missing[*]} in $((SECONDS - start)) s"
fi
command -v dockerd >/dev/null 2>&1 || die "dockerd not found after installing docker.io"
command -v docker >/dev/null 2>&1 || die "docker CLI not found after installing docker.io"

# 2. Daemon. `docker info` answering is the only test that matters (a socket file can be stale).
if timeout 10 docker info >/dev/null 2>&1; then
  say "docker: already running"
else
  start=$SECONDS
  mkdir -p "$(dirname "$DOCKERD_LOG")"
  # setsid + nohup: the daemon outlives this script and the shell that ran it.
  setsid nohup dockerd --bridge=none --iptables=false >>"$DOCKERD_LOG" 2>&1 < /dev/null &
  until timeout 5 docker info >/dev/null 2>&1; do
    if [ $((SECONDS - start)) -ge "$WAIT_SECONDS" ]; then
      tail -n 20 "$DOCKERD_LOG" >&2 || true
      die "dockerd did not answer within ${WAIT_SECONDS} s; see $DOCKERD_LOG (last lines above)"
    fi
    sleep 1
  done
  say "docker: started dockerd (--bridge=none --iptables=false) in $((SECONDS - start)) s; log: $DOCKERD_LOG"
fi

# 3. Offline base image: Debian with the JDK (Chronicle Map compiles classes at run time), coreutils (du) and strace
#    (it counts each write pass's syncs).
# An image built before strace was included (it counts syncs) is rebuilt once.
if docker image inspect "$TAG" >/dev/null 2>&1 \
    && docker run --rm --network none "$TAG" sh -c 'command -v strace' >/dev/null 2>&1; then
  say "image $TAG: already present"
else
  start=$SECONDS
  # pipefail (set above): a failing mmdebstrap fails the pipeline even though docker import got a partial stream.
  mmdebstrap --quiet --variant=apt --include=openjdk-17-jdk-headless,strace "$SUITE" - | docker import - "$TAG" >/dev/null \
    || { docker image rm -f "$TAG" >/dev/null 2>&1 || true; die "building $TAG with mmdebstrap failed (are Debian's package sources reachable?)"; }
  docker run --rm --network none "$TAG" sh -c 'java -version && command -v du && command -v strace' >/dev/null 2>&1 \
    || die "image $TAG was built but cannot run java, du or strace"
  say "image $TAG: built in $((SECONDS - start)) s"
fi
