package io.kvbench.result;

/**
 * The code a result measured: the engine library, the JVM it ran on and kvbench itself.
 *
 * @param engineVersion version of the engine library measured
 * @param jdk           java.vm.name + java.runtime.version of the benchmark JVM
 * @param gitRevision   the kvbench commit (with "-dirty" when the tree had changes), or "unknown"
 */
public record Software(String engineVersion, String jdk, String gitRevision) {
}
