package io.kvbench.baseline;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Workload;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Disk baselines from one or more runs: per (engine, workload, engine version, file system), every run's footprint and
 * the smallest. Only workloads whose work is the same on every machine ({@link Workload#fixedWork()}) get one: a timed
 * write workload writes as much as its machine manages in the time, so its footprint is not portable (even between two
 * runs on one machine: docs/results/2026-11-23-disk-portability.md).
 */
final class DiskBaselines {

    private DiskBaselines() {
    }

    /** False for a workload this build does not know: nothing to say about its work. */
    private static boolean fixedWork(String workload) {
        return Catalog.known(workload).map(Workload::fixedWork).orElse(false);
    }

    static List<DiskBaseline> of(List<RunResults> runs, String profile, String reason, Instant now) {
        Map<BenchmarkKey, List<BenchmarkResult>> measured = new TreeMap<>();
        for (RunResults run : runs) {
            for (BenchmarkResult r : run.results()) {
                if (r.status() != Status.OK || Baseline.diskBytes(r) == null || r.context() == null) continue;
                if (DiskBaseline.fileSystemOf(r) == null || !fixedWork(r.workload())) continue;
                measured.computeIfAbsent(BenchmarkKey.of(r), k -> new ArrayList<>()).add(r);
            }
        }
        TreeSet<String> classes = new TreeSet<>();
        for (RunResults run : runs) if (run.machine() != null) classes.add(run.machine().machineClass());
        List<DiskBaseline> out = new ArrayList<>();
        measured.forEach((key, results) -> {
            String version = results.get(0).context().engineVersion();
            if (results.stream().anyMatch(r -> !version.equals(r.context().engineVersion()))) {
                throw new BadInputException(key
                        + " was measured with several engine versions; record one version at a time");
            }
            String fs = DiskBaseline.fileSystemOf(results.get(0));
            if (results.stream().anyMatch(r -> !fs.equals(DiskBaseline.fileSystemOf(r)))) {
                throw new BadInputException(key
                        + " was measured on several file system types; record one at a time");
            }
            List<Long> sizes = results.stream().map(Baseline::diskBytes).toList();
            long smallest = sizes.stream().mapToLong(Long::longValue).min().orElseThrow();
            if (smallest <= 0) return; // an empty store: nothing a footprint check could say
            out.add(new DiskBaseline(DiskBaseline.SCHEMA_VERSION, key, profile,
                    new DiskBaseline.MeasuredOn(version, fs),
                    new DiskBaseline.Footprint(smallest, sizes, List.copyOf(classes)),
                    new DiskBaseline.Recorded(now.toString(), reason)));
        });
        return out;
    }
}
