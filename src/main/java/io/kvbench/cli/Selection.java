package io.kvbench.cli;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --engines} and {@code --workloads} of the commands that measure (run, gate): names are resolved here, once, into
 * engines and workloads; an unknown name is bad input that lists the valid ones. Commands whose selection has other
 * defaults (interleave, calibrate, crash) declare their own options and resolve them with the static methods.
 */
final class Selection {

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Engines to measure (default: the profile's default set; see `kvbench engines`).")
    List<String> engines;

    @Option(names = "--workloads", split = ",", paramLabel = "NAME",
            description = "Workloads to run (default: the profile's default set).")
    List<String> workloads;

    /** The chosen engines, else the profile's default set, else every engine. */
    List<KvEngine> engines(Profile profile) {
        List<String> ids = engines != null ? engines : profile.defaultEngines();
        return ids.isEmpty() ? Engines.all() : engines(ids);
    }

    /** The chosen workloads, else the profile's default set, else every workload. */
    List<Workload> workloads(Profile profile) {
        List<String> names = workloads != null ? workloads : profile.defaultWorkloads();
        return names.isEmpty() ? Catalog.workloads() : workloads(names);
    }

    static List<KvEngine> engines(List<String> ids) {
        return ids.stream().map(String::trim).map(Engines::byId).distinct().toList();
    }

    static List<Workload> workloads(List<String> names) {
        return names.stream().map(String::trim).map(Catalog::workload).distinct().toList();
    }
}
