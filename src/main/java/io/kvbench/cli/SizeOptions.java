package io.kvbench.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.kvbench.workload.Profile;
import io.kvbench.workload.ProfileOverrides;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Size overrides of the commands that run benchmarks: the profile's records, forks and iterations. A profile with an
 * override is another profile: its name gets "+records=N" (and so on), so that results.json never passes for the
 * stock profile and its baselines and history are kept apart from the stock profile's (perf-baselines/ci+records=N).
 */
final class SizeOptions {

    static final long MAX_RECORDS = 1_000_000_000L;
    static final int MAX_FORKS = 100;
    static final int MAX_ITERATIONS = 10_000;

    @Option(names = "--records", paramLabel = "N",
            description = "Records in every workload's dataset, instead of the profile's size for the workload's "
                    + "family (default: the profile's). Below the profile's largest size, read passes warm up for "
                    + "proportionally more passes (as many reads as the profile's sizes; --warmup-iterations "
                    + "overrides). Results are recorded under the profile name <profile>+records=N.")
    Long records;

    @Option(names = "--forks", paramLabel = "N",
            description = "JMH forks per benchmark, at least 1 (default: the profile's). Recorded as "
                    + "<profile>+forks=N.")
    Integer forks;

    @Option(names = "--iterations", paramLabel = "N",
            description = "Measured JMH iterations per fork (default: the profile's; warm-up iterations stay the "
                    + "profile's). Recorded as <profile>+iterations=N.")
    Integer iterations;

    @Option(names = "--warmup-iterations", paramLabel = "N",
            description = "Warm-up JMH iterations per fork, of passes and of timed operations alike (default: the "
                    + "profile's): a longer warm-up settles the JIT before the measured iterations. Recorded as "
                    + "<profile>+warmup=N.")
    Integer warmupIterations;

    /** The profile with the overrides given, under its overridden name; the profile itself when none is. */
    Profile apply(Profile profile) {
        check();
        List<String> changes = changes();
        if (changes.isEmpty()) return profile;
        String name = profile.name() + "+" + String.join("+", changes);
        Profile.Iterations reads = readPasses(profile);
        int readWarmup = readPassWarmup(profile, reads.warmupIterations());
        boolean longerReadWarmup = readWarmup > reads.warmupIterations();
        return RecordCopy.with(profile, Profile.class, fields -> {
            fields.put("name", name);
            fields.put("description", profile.description() + " (overridden: " + String.join(", ", changes)
                    + (longerReadWarmup ? "; read passes warm up for " + readWarmup + " passes" : "") + ")");
            if (records != null) profile.records().keySet().forEach(f -> fields.withObject("/records").put(f, records));
            if (forks != null) fields.put("forks", forks);
            if (longerReadWarmup) {
                ObjectNode group = fields.objectNode().put("warmupIterations", readWarmup)
                        .put("warmupSeconds", reads.warmupSeconds())
                        .put("measurementIterations", reads.measurementIterations())
                        .put("measurementSeconds", reads.measurementSeconds());
                fields.set("readPasses", group);
            }
            for (String group : List.of("passes", "readPasses", "operations")) {
                if (!fields.hasNonNull(group)) continue;
                if (iterations != null) fields.withObject("/" + group).put("measurementIterations", iterations);
                if (warmupIterations != null) fields.withObject("/" + group).put("warmupIterations", warmupIterations);
            }
        });
    }

    /**
     * Read passes warm up by count, so fewer records per pass warm the JIT up on fewer reads: a short pass after the
     * profile's warm-up passes was still being compiled in some forks (docs/results/2026-11-26-ab-noise-sources.md).
     * With --records below the profile's largest family size and no --warmup-iterations, read passes warm up for the
     * profile's passes times that ratio, rounded up and at most {@value #MAX_ITERATIONS}: as many reads as the
     * profile's own sizes warm up on. Write passes keep theirs (more of them would change the store they measure).
     */
    private int readPassWarmup(Profile profile, int passes) {
        if (records == null || warmupIterations != null) return passes;
        long largest = profile.records().values().stream().mapToLong(Long::longValue).max().orElse(records);
        if (largest <= records) return passes;
        double scaled = Math.ceil(passes * (double) largest / records);
        return (int) Math.min(MAX_ITERATIONS, Math.max(passes, scaled));
    }

    /** The iterations the profile gives read passes: its own for them, else those of every pass. */
    private static Profile.Iterations readPasses(Profile profile) {
        return profile.readPasses() != null ? profile.readPasses() : profile.passes();
    }

    /** The overrides as the profile name records them, e.g. [records=1000, forks=2]. */
    List<String> changes() {
        List<String> changes = new ArrayList<>();
        if (records != null) changes.add(ProfileOverrides.RECORDS.token(records));
        if (forks != null) changes.add(ProfileOverrides.FORKS.token(forks));
        if (iterations != null) changes.add(ProfileOverrides.ITERATIONS.token(iterations));
        if (warmupIterations != null) changes.add(ProfileOverrides.WARMUP.token(warmupIterations));
        return changes;
    }

    private void check() {
        OptionRange.between("--records", 1, MAX_RECORDS, records);
        OptionRange.between("--forks", 1, MAX_FORKS, forks);
        OptionRange.between("--iterations", 1, MAX_ITERATIONS, iterations);
        OptionRange.between("--warmup-iterations", 0, MAX_ITERATIONS, warmupIterations);
    }
}
