#!/usr/bin/env bash
# Installs the engine builds that Maven Central does not serve here (HaloDB 0.5.6, HestiaStore 1.0.0, DataStore4J 0.1.0,
# built from their sources: see that directory's README.md) into the local Maven repository, so that the outside
# adapters in adapters/ build against them. Never commit these jars.
#
#   scripts/install-shared-engines.sh [DIR]      # DIR: default ../shared/engines (beside the project root)
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-$(cd .. && pwd)/shared/engines}"
[ -d "$dir" ] || { echo "install-shared-engines: no directory $dir (the engine builds; see docs/opt-in-engines.md)" >&2; exit 1; }
install=org.apache.maven.plugins:maven-install-plugin:3.1.4:install-file
file() {
  local jar="$1" pom="$2" packaging="${3:-jar}"
  [ -f "$dir/$jar" ] || { echo "install-shared-engines: $dir/$jar is missing" >&2; exit 1; }
  mvn -B -q "$install" -Dfile="$dir/$jar" -DpomFile="$dir/$pom" -Dpackaging="$packaging"
}
# HestiaStore's engine pom has a parent: install the parent first.
file hestiastore-parent-1.0.0.pom hestiastore-parent-1.0.0.pom pom
file hestiastore-engine-1.0.0.jar hestiastore-engine-1.0.0.pom
file halodb-0.5.6.jar halodb-0.5.6.pom
file DataStore4J-0.1.0.jar DataStore4J-0.1.0.pom
echo "install-shared-engines: HaloDB 0.5.6, HestiaStore 1.0.0, DataStore4J 0.1.0 from $dir are in the local repository"
