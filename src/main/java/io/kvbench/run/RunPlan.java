package io.kvbench.run;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.input.BadInputException;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a run measures and where it writes.
 *
 * @param engines        engines to measure
 * @param workloads      workloads to run on each engine
 * @param profile        sizes and iterations
 * @param outDir         where results, raw JMH JSON and logs go
 * @param dataDir        where stores are created (a real disk, never tmpfs)
 * @param byWorkload     profiles by workload name where a workload is measured with other forks or iterations than
 *                       {@code profile}'s (a published table's settings, in {@code reproduce}); the run's heap and name
 *                       stay {@code profile}'s
 */
public record RunPlan(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir,
                      Path dataDir, Map<String, Profile> byWorkload) {

    /** A plan that measures every workload with {@code profile}. */
    public RunPlan(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir, Path dataDir) {
        this(engines, workloads, profile, outDir, dataDir, Map.of());
    }

    public RunPlan {
        engines = List.copyOf(engines);
        workloads = List.copyOf(workloads);
        byWorkload = Map.copyOf(byWorkload);
        if (engines.isEmpty()) throw new BadInputException("no engine selected");
        if (workloads.isEmpty()) throw new BadInputException("no workload selected");
    }

    /**
     * A plan by names, resolved here (the edge) into values, as a test writes it: {@code RunPlan.of(List.of("rocksdb"),
     * List.of("ycsb-c"), "smoke", dir)}.
     * Stores go to {@code outDir/data}; unknown names fail with the valid choices.
     */
    public static RunPlan of(List<String> engineIds, List<String> workloadNames, String profileRef, Path outDir) {
        return new RunPlan(engineIds.stream().map(Engines::byId).toList(), workloadNames.stream().map(Catalog::workload)
                .toList(),
                Catalog.profile(profileRef), outDir, outDir.resolve("data"));
    }

    /** The profile {@code workload} is measured with. */
    public Profile profileOf(Workload workload) {
        return byWorkload.getOrDefault(workload.name(), profile);
    }

    /** How many (engine, workload) benchmarks the plan holds. */
    public int size() {
        return engines.size() * workloads.size();
    }
}
