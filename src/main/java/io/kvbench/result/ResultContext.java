package io.kvbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Map;

/**
 * Everything needed to interpret a number later: what ran, where, with which settings. Written as one flat object.
 *
 * @param software   engine version, JDK and kvbench revision
 * @param profile    profile name (smoke, overview, ci, nightly, published)
 * @param runner     local or container
 * @param time       ISO-8601 instant the run started
 * @param machine    the machine and its class
 * @param resources  resource limits in force (cpuset, memory, heap, GC ...)
 * @param parameters the workload's sized parameters (records, value size, threads ...)
 */
public record ResultContext(@JsonUnwrapped Software software, String profile, String runner, String time,
                            MachineInfo machine, Map<String, String> resources, Map<String, String> parameters) {

    /** The {@link #resources()} key of the data directory's file system type, which disk footprints depend on. */
    public static final String DATA_FILE_SYSTEM = "dataFileSystem";

    public ResultContext {
        software = software == null ? new Software(null, null, null) : software;
    }

    public String engineVersion() {
        return software.engineVersion();
    }

    public String jdk() {
        return software.jdk();
    }

    public String gitRevision() {
        return software.gitRevision();
    }
}
