package io.kvbench.result;

import java.util.Map;

/**
 * Everything needed to interpret a number later: what ran, where, with which settings.
 *
 * @param engineVersion  version of the engine library measured
 * @param jdk            java.vm.name + java.runtime.version of the benchmark JVM
 * @param profile        profile name (smoke, overview, ci, nightly, published)
 * @param runner         local or container
 * @param gitRevision    the kvbench commit (with "-dirty" when the tree had changes), or "unknown"
 * @param time           ISO-8601 instant the run started
 * @param machine        the machine and its class
 * @param resources      resource limits in force (cpuset, memory, heap, GC ...)
 * @param parameters     the workload's sized parameters (records, value size, threads ...)
 */
public record ResultContext(String engineVersion, String jdk, String profile, String runner, String gitRevision,
                            String time, MachineInfo machine, Map<String, String> resources,
                            Map<String, String> parameters) {

    /** The {@link #resources()} key of the data directory's file system type, which disk footprints depend on. */
    public static final String DATA_FILE_SYSTEM = "dataFileSystem";
}
