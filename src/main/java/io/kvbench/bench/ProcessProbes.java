package io.kvbench.bench;

import com.sun.management.OperatingSystemMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.ToLongFunction;
import java.util.stream.Stream;

/**
 * Readings of this process and its store directory, taken at iteration boundaries (never on the measured path).
 * Linux-specific readings (/proc) return -1 where unavailable, and the metric is then left out rather than faked.
 */
final class ProcessProbes {

    private ProcessProbes() {
    }

    /** CPU time of the whole process (all threads, JIT and GC included), in ns. */
    static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /**
     * CPU time of the calling thread, in ns; -1 where the JVM cannot tell. Unlike wall time it does not grow while the
     * thread waits (for the core, for a lock, for I/O), so it is blind to descheduling and to fsync waits alike.
     */
    static long threadCpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : -1;
    }

    /**
     * Heap bytes allocated so far by the threads alive now (HotSpot's per-thread counters, which JMH's GC profiler
     * reads too); -1 where the JVM cannot tell. A thread that ended since an earlier reading takes its bytes with it,
     * so a difference of two readings undercounts the engine's short-lived threads, never the benchmark's own.
     */
    static long allocatedBytes() {
        if (!(THREADS instanceof com.sun.management.ThreadMXBean hotspot) || !hotspot.isThreadAllocatedMemorySupported()
                || !hotspot.isThreadAllocatedMemoryEnabled()) {
            return -1;
        }
        long sum = 0;
        for (long bytes : hotspot.getThreadAllocatedBytes(THREADS.getAllThreadIds())) {
            if (bytes > 0) sum += bytes; // -1: the thread ended between the two calls
        }
        return sum;
    }

    /** Garbage collections so far, of every collector; -1 where none reports a count. */
    static long gcCount() {
        return sumOverCollectors(GarbageCollectorMXBean::getCollectionCount);
    }

    /** Time the collectors have spent collecting so far (their accumulated elapsed time), in ms; -1 where unknown. */
    static long gcMillis() {
        return sumOverCollectors(GarbageCollectorMXBean::getCollectionTime);
    }

    /** The sum of a collector reading over the collectors that report it (-1 from one: undefined); -1 if none does. */
    private static long sumOverCollectors(ToLongFunction<GarbageCollectorMXBean> reading) {
        long sum = -1;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            long value = reading.applyAsLong(gc);
            if (value >= 0) sum = Math.max(sum, 0) + value;
        }
        return sum;
    }

    /** Bytes this process caused to be sent to the storage layer (/proc/self/io write_bytes). */
    static long deviceBytesWritten() {
        return procField("/proc/self/io", "write_bytes:");
    }

    /** Peak resident set size (VmHWM), in bytes. */
    static long peakRssBytes() {
        long kib = procField("/proc/self/status", "VmHWM:");
        return kib < 0 ? -1 : kib * 1024;
    }

    /** Current resident set size (VmRSS), in bytes. */
    static long rssBytes() {
        long kib = procField("/proc/self/status", "VmRSS:");
        return kib < 0 ? -1 : kib * 1024;
    }

    static long committedHeapBytes() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getCommitted();
    }

    /**
     * Space the directory occupies on disk as allocated blocks, like {@code du -s -B1}: what a user pays for, including
     * preallocated and sparse files at their real cost (file length would overstate LMDB's sparse map, for one).
     * Unlike the other probes this one never returns "unknown": disk use is judged against baselines, and a missing
     * figure there would be a check that passes by accident.
     *
     * @throws IllegalStateException naming the directory and the cause (no such directory, no du, du failed or
     *                               printed no number); the message is the benchmark's ERROR reason
     */
    static long diskBytes(Path dir) {
        String failed = "disk use of " + dir + " could not be measured: ";
        if (!Files.isDirectory(dir)) throw new IllegalStateException(failed + "no such directory");
        // An engine's background work (a RocksDB compaction) may delete a file while du walks the directory; du then
        // exits 1 naming the vanished file. That is a race with the walk, not a missing measurement: walk again. Any
        // failed walk is walked again (du's words are not read), so only a failure that lasts is an error. du runs in
        // a process of its own so that the measurement adds nothing to the benchmark JVM's memory or CPU.
        for (int attempt = 1; ; attempt++) {
            try {
                return du(dir, failed);
            } catch (FailedWalk e) {
                if (attempt == WALK_ATTEMPTS) throw new IllegalStateException(e.getMessage() + " (" + attempt
                        + " attempts)");
            }
        }
    }

    private static final int WALK_ATTEMPTS = 5;

    /** Regular files under {@code dir} (a store's physical state in one number); -1 if it cannot be listed. */
    static long fileCount(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).count();
        } catch (IOException | UncheckedIOException e) {
            return -1; // a file vanished under the walk or the directory is gone: the count is only a record
        }
    }

    /** du exited non-zero: a file it had listed was gone when it looked at it, or something that lasts. */
    private static final class FailedWalk extends IllegalStateException {
        FailedWalk(String message) {
            super(message);
        }
    }

    private static long du(Path dir, String failed) {
        List<String> command = List.of("du", "-s", "-B1", dir.toString());
        String out;
        try {
            Process du = new ProcessBuilder(command).redirectErrorStream(true).start();
            out = new String(du.getInputStream().readAllBytes()).trim();
            if (!du.waitFor(60, TimeUnit.SECONDS)) {
                du.destroyForcibly();
                throw new IllegalStateException(failed + "`" + String.join(" ", command) + "` did not finish in 60 s");
            }
            if (du.exitValue() != 0) {
                String message = failed + "`" + String.join(" ", command) + "` exited with " + du.exitValue()
                        + ": " + out.replaceAll("\\s+", " ");
                throw new FailedWalk(message);
            }
        } catch (IOException e) {
            throw new IllegalStateException(failed + "cannot run `" + String.join(" ", command) + "`: "
                    + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(failed + "interrupted");
        }
        try {
            return Long.parseLong(out.split("\\s+")[0]);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(failed + "`" + String.join(" ", command) + "` printed no size: " + out);
        }
    }

    private static long procField(String file, String field) {
        try {
            for (String line : Files.readAllLines(Path.of(file))) {
                if (line.startsWith(field)) return Long.parseLong(line.substring(field.length()).trim()
                        .split("\\s+")[0]);
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
