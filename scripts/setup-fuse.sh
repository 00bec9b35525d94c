#!/usr/bin/env bash
# Makes FUSE usable for the power-cut crash tests (io.kvbench.crash.fuse.PowerCutFs, `kvbench crash --fault power-cut`):
# libfuse 2 (jnr-fuse binds its API) from the OS packages, and a check of /dev/fuse. Idempotent, one line per step.
# Without FUSE the power-cut tests skip and say why; nothing else depends on it.
#
#   scripts/setup-fuse.sh        # as root (or through sudo) on Debian/Ubuntu
set -euo pipefail

say() { echo "$*"; }
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"

# 1. The device: present on Debian VMs and GitHub-hosted runners; a container needs --device /dev/fuse.
if [ -c /dev/fuse ]; then
  say "fuse: /dev/fuse present"
else
  say "fuse: /dev/fuse missing: the power-cut tests will be skipped (a container needs --device /dev/fuse --cap-add SYS_ADMIN)"
  exit 0
fi

# 2. libfuse 2 (Ubuntu 24.04 names the package libfuse2t64).
if ls /lib/*-linux-gnu/libfuse.so.2 /usr/lib/*-linux-gnu/libfuse.so.2 >/dev/null 2>&1; then
  say "fuse: libfuse2 already installed"
else
  start=$SECONDS
  log=$(mktemp)
  pkg=libfuse2
  apt-cache show libfuse2t64 >/dev/null 2>&1 && pkg=libfuse2t64
  { DEBIAN_FRONTEND=noninteractive $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "$pkg"; } \
    >"$log" 2>&1 || { tail -n 20 "$log" >&2; echo "setup-fuse: apt-get could not install $pkg" >&2; exit 1; }
  rm -f "$log"
  say "fuse: installed $pkg in $((SECONDS - start)) s"
fi

# 3. Mounting: root mounts directly; anyone else needs a fusermount binary (libfuse 2 calls it by that name; where only
# fuse3's fusermount3 exists, a link to it serves, the protocol is the same).
if [ "$(id -u)" -eq 0 ] || command -v fusermount >/dev/null 2>&1; then
  say "fuse: can mount ($( [ "$(id -u)" -eq 0 ] && echo root || command -v fusermount))"
elif command -v fusermount3 >/dev/null 2>&1; then
  $SUDO ln -sf "$(command -v fusermount3)" /usr/local/bin/fusermount
  say "fuse: linked /usr/local/bin/fusermount -> $(command -v fusermount3)"
else
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q fuse3 >/dev/null 2>&1 \
    && $SUDO ln -sf "$(command -v fusermount3)" /usr/local/bin/fusermount \
    && say "fuse: installed fuse3, linked /usr/local/bin/fusermount -> $(command -v fusermount3)" \
    || say "fuse: not root and no fusermount: the power-cut tests will be skipped (install the fuse3 package)"
fi
