package io.kvbench.calibration;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * The share of some cpus' time the hypervisor ran something else while this machine wanted them: the "steal" column
 * of {@code /proc/stat} between two readings. A chase that slows down while its cpu is not stolen lost the time within
 * the core (the host's other hardware thread of it, its caches), not to the hypervisor taking the cpu away.
 */
final class CpuSteal {

    static final Path PROC_STAT = Path.of("/proc/stat");

    /** Summed jiffies of the cpus: stolen, and all (user through steal). */
    record Reading(long steal, long total) {
    }

    private CpuSteal() {
    }

    /** The cpus' counters now; null where /proc/stat cannot be read (not Linux, or hidden). */
    static Reading read(Path procStat, Set<Integer> cpus) {
        long steal = 0;
        long total = 0;
        try {
            for (String line : Files.readAllLines(procStat)) {
                String[] fields = line.strip().split("\\s+");
                if (fields.length < 9 || !fields[0].matches("cpu\\d+")) continue;
                if (!cpus.contains(Integer.parseInt(fields[0].substring(3)))) continue;
                for (int column = 1; column <= 8; column++) total += Long.parseLong(fields[column]);
                steal += Long.parseLong(fields[8]);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return total == 0 ? null : new Reading(steal, total);
    }

    /** The share of the time between the readings that was stolen; NaN when either reading is missing. */
    static double share(Reading before, Reading after) {
        if (before == null || after == null || after.total() <= before.total()) return Double.NaN;
        return (double) (after.steal() - before.steal()) / (after.total() - before.total());
    }
}
