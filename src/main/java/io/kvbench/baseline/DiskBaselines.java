package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/** Disk baselines from one or more runs: per (engine, workload, engine version), every run's footprint and the smallest. */
final class DiskBaselines {

    private DiskBaselines() {
    }

    static List<DiskBaseline> of(List<RunResults> runs, String profile, String reason, Instant now) {
        Map<BenchmarkKey, List<BenchmarkResult>> measured = new TreeMap<>();
        for (RunResults run : runs) {
            for (BenchmarkResult r : run.results()) {
                if (r.status() != Status.OK || Baseline.diskBytes(r) == null || r.context() == null) continue;
                measured.computeIfAbsent(BenchmarkKey.of(r), k -> new ArrayList<>()).add(r);
            }
        }
        List<DiskBaseline> out = new ArrayList<>();
        measured.forEach((key, results) -> {
            String version = results.get(0).context().engineVersion();
            if (results.stream().anyMatch(r -> !version.equals(r.context().engineVersion()))) {
                throw new IllegalArgumentException(key + " was measured with several engine versions; record one version at a time");
            }
            List<Long> sizes = results.stream().map(Baseline::diskBytes).toList();
            TreeSet<String> classes = new TreeSet<>();
            for (RunResults run : runs) if (run.machine() != null) classes.add(run.machine().machineClass());
            long smallest = sizes.stream().mapToLong(Long::longValue).min().orElseThrow();
            if (smallest <= 0) return; // an empty store: nothing a footprint check could say
            out.add(new DiskBaseline(DiskBaseline.SCHEMA_VERSION, key.engine(), key.workload(), profile, version, smallest,
                    sizes, List.copyOf(classes), now.toString(), reason));
        });
        return out;
    }
}
