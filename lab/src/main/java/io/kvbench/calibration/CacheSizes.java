package io.kvbench.calibration;

import io.kvbench.baseline.Formats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The cache probe's working sets, from the cache sizes Linux reports for a cpu
 * ({@code /sys/devices/system/cpu/cpuN/cache/indexK/{level,type,size}}): half the L2, which a core keeps to itself,
 * half the last-level cache, which cores share, and twice the last-level cache (at most {@link #LARGEST_MEMORY}),
 * which only memory holds: the time a load takes when the shared cache holds none of the working set. Where the sizes
 * cannot be read, 1 MiB, 16 MiB and 64 MiB, said so.
 */
public final class CacheSizes {

    /** A working set of the probe and what it was sized from. */
    public record WorkingSet(long bytes, String label) {
    }

    static final long FALLBACK_PRIVATE = 1L << 20;
    static final long FALLBACK_SHARED = 16L << 20;
    static final long FALLBACK_MEMORY = 64L << 20;
    /** The memory working set's cap: two chasing JVMs hold it at once. */
    static final long LARGEST_MEMORY = 1L << 30;

    private CacheSizes() {
    }

    /** The working sets for the first cpu of {@code cpuset} ("0", "2-3" or "4,6"). */
    public static List<WorkingSet> forCpuset(String cpuset) {
        return of(Path.of("/sys/devices/system/cpu/cpu" + firstCpu(cpuset), "cache"));
    }

    static List<WorkingSet> of(Path cacheDir) {
        long l2 = 0;
        long last = 0;
        int lastLevel = 0;
        for (int index = 0; Files.isDirectory(cacheDir.resolve("index" + index)); index++) {
            Path dir = cacheDir.resolve("index" + index);
            try {
                if (Files.readString(dir.resolve("type")).strip().equals("Instruction")) continue;
                int level = Integer.parseInt(Files.readString(dir.resolve("level")).strip());
                long size = bytes(Files.readString(dir.resolve("size")).strip());
                if (level == 2) l2 = size;
                if (level >= lastLevel) {
                    lastLevel = level;
                    last = size;
                }
            } catch (IOException | RuntimeException e) {
                return fallback();
            }
        }
        if (l2 == 0 || lastLevel < 3) return fallback();
        return List.of(new WorkingSet(l2 / 2, "half of L2 (" + Formats.bytes(l2) + ")"),
                new WorkingSet(last / 2, "half of L" + lastLevel + " (" + Formats.bytes(last) + ")"),
                new WorkingSet(Math.min(2 * last, LARGEST_MEMORY), "beyond L" + lastLevel + ": memory"));
    }

    private static List<WorkingSet> fallback() {
        return List.of(new WorkingSet(FALLBACK_PRIVATE, "cache sizes unknown"),
                new WorkingSet(FALLBACK_SHARED, "cache sizes unknown"),
                new WorkingSet(FALLBACK_MEMORY, "cache sizes unknown"));
    }

    /** "2048K", "32M" or a plain number of bytes. */
    static long bytes(String size) {
        char unit = Character.toUpperCase(size.charAt(size.length() - 1));
        long shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
        String digits = shift == 0 ? size : size.substring(0, size.length() - 1);
        return Long.parseLong(digits) << shift;
    }

    static int firstCpu(String cpuset) {
        return CacheProbe.cpus(cpuset).first();
    }
}
