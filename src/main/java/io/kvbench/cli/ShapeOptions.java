package io.kvbench.cli;

import io.kvbench.input.BadInputException;
import io.kvbench.workload.Profile;
import io.kvbench.workload.ProfileOverrides;
import io.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * Workload overrides of run and reproduce: value size and threads. Only there: gate's confirmation reruns and
 * interleave's rounds look the stock workload up by name, so they could not honour them. A workload that cannot take
 * an override (a value that is its key, a single-threaded pass) is refused, never silently left as it was.
 */
final class ShapeOptions {

    static final int MAX_VALUE_BYTES = 1 << 26;
    static final int MAX_THREADS = 1024;

    @Option(names = "--value-size", paramLabel = "BYTES",
            description = "Value size of the workloads with random values (ds4j, halo, uniform, ycsb), instead of the "
                    + "workload's (default: the workload's). Recorded as <profile>+value-size=BYTES.")
    Integer valueSize;

    @Option(names = "--threads", paramLabel = "N",
            description = "Benchmark threads sharing one store in the timed-operations workloads, instead of the "
                    + "workload's (default: the workload's; passes are single-threaded). Recorded as "
                    + "<profile>+threads=N.")
    Integer threads;

    /** The overrides as the profile name records them, e.g. [value-size=100]. */
    List<String> changes() {
        List<String> changes = new ArrayList<>();
        if (valueSize != null) changes.add(ProfileOverrides.VALUE_SIZE.token(valueSize));
        if (threads != null) changes.add(ProfileOverrides.THREADS.token(threads));
        return changes;
    }

    /** The profile's name with these overrides (the sizes are the workloads'). */
    Profile rename(Profile profile) {
        List<String> changes = changes();
        if (changes.isEmpty()) return profile;
        return RecordCopy.with(profile, Profile.class, fields -> fields.put("name", profile.name() + "+"
                + String.join("+", changes)));
    }

    /** The workloads with the overrides; refused when one of them cannot take an override given. */
    List<Workload> apply(List<Workload> workloads) {
        OptionRange.between("--value-size", 0, MAX_VALUE_BYTES, valueSize);
        OptionRange.between("--threads", 1, MAX_THREADS, threads);
        refuse("--value-size sizes random values only", valueSize != null, workloads.stream()
                .filter(w -> w.value() != Workload.ValueFormat.RANDOM).map(Workload::name).toList());
        refuse("--threads applies to timed operations only (passes are single-threaded)", threads != null,
                workloads.stream()
                .filter(Workload::isPass).map(Workload::name).toList());
        if (changes().isEmpty()) return workloads;
        return workloads.stream().map(w -> RecordCopy.with(w, Workload.class, fields -> {
            if (valueSize != null) fields.put("valueBytes", valueSize);
            if (threads != null) fields.put("threads", threads);
        })).toList();
    }

    private static void refuse(String rule, boolean given, List<String> misfits) {
        if (given && !misfits.isEmpty()) {
            throw new BadInputException(rule + ", not those of " + String.join(", ", misfits)
                    + " (choose other --workloads)");
        }
    }
}
