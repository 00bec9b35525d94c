#!/usr/bin/env bash
# Prints the CHANGELOG.md section of one release, without its heading: the text of a release's notes.
#
#   scripts/changelog-section.sh 0.2.0 [CHANGELOG.md]
#
# A release section is cut from "## Unreleased" when the release is made: that heading is renamed
# "## 0.2.0 - 2026-12-01" (version, a space-dash-space, the date) in the commit that the tag v0.2.0 points at, and a
# new empty "## Unreleased" is put above it. The section runs from its heading to the next "## " heading. Exits 2 with
# one line on stderr when the file has no such section or the section is empty: a release without notes is refused.
set -euo pipefail
version=${1:?usage: scripts/changelog-section.sh VERSION [CHANGELOG.md]}
file=${2:-CHANGELOG.md}
[ -f "$file" ] || { echo "changelog-section: $file does not exist" >&2; exit 2; }
section=$(awk -v v="$version" '
  /^## / { if (found) exit; h = substr($0, 4); sub(/ - .*$/, "", h); gsub(/[][]/, "", h); found = (h == v); next }
  found { print }' "$file")
# Leading and trailing blank lines are not part of the notes.
section=$(printf '%s\n' "$section" | sed -e '/./,$!d')
if [ -z "${section//[[:space:]]/}" ]; then
  echo "changelog-section: $file has no section '## $version - <date>' with text (rename '## Unreleased' when releasing)" >&2
  exit 2
fi
printf '%s\n' "$section"
