package io.kvbench.cli;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --engines} and {@code --workloads} of the commands whose default is the profile's set (run, gate): names are
 * resolved here, once ({@link Names}). Commands with other defaults (interleave, calibrate, crash, reproduce, compare)
 * declare the same names with the same labels, and resolve them with {@link Names} too.
 */
final class Selection {

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Engines to measure, comma-separated or repeated (default: the profile's default set, else "
                    + "every engine; `kvbench engines` lists them).")
    List<String> engines;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME",
            description = "Workloads to run, comma-separated or repeated (default: the profile's default set, else "
                    + "every workload; `kvbench workloads` lists them).")
    List<String> workloads;

    /** The chosen engines, else the profile's default set, else every engine. */
    List<KvEngine> engines(Profile profile) {
        List<String> ids = engines != null ? engines : profile.defaultEngines();
        return ids.isEmpty() ? Engines.all() : Names.engines(ids);
    }

    /** The chosen workloads, else the profile's default set, else every workload. */
    List<Workload> workloads(Profile profile) {
        List<String> names = workloads != null ? workloads : profile.defaultWorkloads();
        return names.isEmpty() ? Catalog.workloads() : Names.workloads(names);
    }
}
