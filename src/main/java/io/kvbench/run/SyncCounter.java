package io.kvbench.run;

import io.kvbench.bench.SyncCountPass;
import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Commands;
import io.kvbench.infra.JavaCommand;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.Status;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Counts what an engine's durability costs ({@link MetricNames#SYNCS_PER_OP}): after a fixed-work write benchmark, its
 * write pass is done once more in a JVM of its own under strace, tracing only the calls that force data to the device
 * (strace's seccomp filter lets every other call run untraced), and the calls of all its threads are divided by the
 * records written. The benchmark's own forks are never traced, so the timed region pays nothing for the count. Where
 * strace is missing the result has no count, and the log says why.
 */
public final class SyncCounter {

    /** The calls counted: every way a Linux process asks for written data to reach the device. */
    static final List<String> CALLS = List.of("fsync", "fdatasync", "msync", "sync_file_range", "syncfs", "sync");
    private static final Pattern CALL = Pattern.compile("^\\d+\\s+(" + String.join("|", CALLS) + ")\\(");
    /** Bound of one counting pass: a smoke write pass takes seconds, a full-profile one minutes. */
    private static final Duration LIMIT = Duration.ofMinutes(20);

    private SyncCounter() {
    }

    /** Whether a workload's syncs are counted: a write pass, whose records are the same on every machine. */
    public static boolean counts(Workload workload) {
        return workload.phase() == Workload.Phase.WRITE_PASS;
    }

    /**
     * {@code result} with the task's syncs per operation added, when the task's workload {@link #counts} and the
     * result is OK; otherwise, or when the count cannot be made (the reason goes to {@code log}), {@code result}.
     */
    static BenchmarkResult addTo(BenchmarkResult result, BenchmarkTask task, Path taskFile, PrintStream log) {
        if (result.status() != Status.OK || !counts(task.workload())) return result;
        Optional<Path> strace = Commands.onPath("strace");
        if (strace.isEmpty()) {
            log.println("kvbench: " + MetricNames.SYNCS_PER_OP + " not counted: strace is not on the PATH (install "
                    + "the strace package)");
            return result;
        }
        Path trace = taskFile.resolveSibling(taskFile.getFileName() + ".syncs");
        try {
            List<String> command = new ArrayList<>(List.of(strace.get().toString(), "-f", "-qq", "--seccomp-bpf",
                    "-e", "signal=none", "-e", "trace=" + String.join(",", CALLS), "-o", trace.toString()));
            command.addAll(JavaCommand.here().flags(task.jvmFlags()).fixedHeap(task.heap())
                    .classPath(ClassPaths.parse(ClassPaths.current()))
                    .main(SyncCountPass.class.getName(), List.of(taskFile.toString())).build());
            long started = System.nanoTime();
            Commands.Result pass = Commands.run(command, LIMIT);
            double seconds = (System.nanoTime() - started) / 1e9;
            long records = records(pass.output());
            if (!pass.ok() || records <= 0) {
                log.println("kvbench: " + MetricNames.SYNCS_PER_OP + " not counted: the counting pass failed (exit "
                        + pass.exit() + "): " + pass.output());
                return result;
            }
            Map<String, Long> calls = calls(trace);
            long total = calls.values().stream().mapToLong(Long::longValue).sum();
            log.println("kvbench: " + MetricNames.SYNCS_PER_OP + ": " + total + " calls " + calls + " for " + records
                    + " records (counting pass " + String.format(Locale.ROOT, "%.1f", seconds) + " s)");
            return withSyncs(result, (double) total / records);
        } catch (IOException e) {
            log.println("kvbench: " + MetricNames.SYNCS_PER_OP + " not counted: " + e.getMessage());
            return result;
        } finally {
            try {
                Files.deleteIfExists(trace);
            } catch (IOException ignored) {
                // a leftover trace is harmless
            }
        }
    }

    /** The records the pass printed on its last line of output (the JVM may have printed warnings before). */
    static long records(String output) {
        List<String> lines = output.lines().toList();
        if (lines.isEmpty()) return -1;
        try {
            return Long.parseLong(lines.get(lines.size() - 1).strip());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Each counted call's number of starts in an strace output file ({@code PID name(args) = result} lines). */
    static Map<String, Long> calls(Path trace) throws IOException {
        Map<String, Long> calls = new TreeMap<>();
        try (Stream<String> lines = Files.lines(trace)) {
            lines.forEach(line -> {
                Matcher m = CALL.matcher(line);
                if (m.find()) calls.merge(m.group(1), 1L, Long::sum);
            });
        }
        return calls;
    }

    private static BenchmarkResult withSyncs(BenchmarkResult result, double syncsPerOp) {
        Map<String, Metric> secondary = new HashMap<>(result.secondary());
        secondary.put(MetricNames.SYNCS_PER_OP, new Metric(syncsPerOp, Double.NaN, "syncs/op"));
        Measurement m = result.measurement();
        return result.withMeasurement(new Measurement(m.metric(), m.score(), m.error(), m.unit(), m.samples(),
                secondary));
    }
}
