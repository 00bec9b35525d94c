package io.kvbench.calibration;

import io.kvbench.infra.ClassPaths;
import io.kvbench.infra.Commands;
import io.kvbench.infra.JavaCommand;
import io.kvbench.infra.Machines;
import io.kvbench.input.BadInputException;
import io.kvbench.result.MachineInfo;
import io.kvbench.task.ContainerResources;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.commons.math3.stat.StatUtils;

/**
 * How steady the duet's two cores are on their own: {@link CacheChase} in a child JVM pinned with {@code taskset} to
 * each of the two cpusets, first alone, then on both at once (the duet's condition), over the working sets of
 * {@link CacheSizes}: half the private L2, half the shared last-level cache, and one only memory holds. A core whose
 * half-L2 chase is steady but whose half-L3 chase is not loses the shared cache to something else: the other core, or
 * work this machine does not see (other tenants of the host); a half-L3 chase as slow as memory gets little of it at
 * all. The "paired" spread, second by second, of the two cores' times while both chase the same
 * work is about the least a duet's per-round B/A spread can be for a benchmark of that working set.
 */
public final class CacheProbe {

    /**
     * One core's chase in one run: the mean time per load in each whole second, and the share of the cpuset's time the
     * hypervisor stole meanwhile ({@link CpuSteal}; NaN where it cannot be read).
     */
    public record CoreSeries(String cpuset, double[] nanosPerSecond, double steal) {

        public CoreSeries(String cpuset, double[] nanosPerSecond) {
            this(cpuset, nanosPerSecond, Double.NaN);
        }

        public double median() {
            return StatUtils.percentile(nanosPerSecond, 50);
        }

        public double min() {
            return StatUtils.min(nanosPerSecond);
        }

        public double max() {
            return StatUtils.max(nanosPerSecond);
        }

        /** The standard deviation of the per-second log times: the second-to-second spread, as a fraction. */
        public double spread() {
            return Math.sqrt(StatUtils.variance(Arrays.stream(nanosPerSecond).map(Math::log).toArray()));
        }
    }

    /** The runs of one working set: each core alone, then both at once. */
    public record Size(long bytes, String label, CoreSeries alone0, CoreSeries alone1, CoreSeries both0,
            CoreSeries both1) {

        /**
         * The standard deviation, over the seconds both cores chased at once, of log(core 1 / core 0): what a paired
         * comparison of identical work on these two cores scatters by.
         */
        public double pairedSpread() {
            int n = Math.min(both0.nanosPerSecond().length, both1.nanosPerSecond().length);
            double[] logs = new double[n];
            for (int i = 0; i < n; i++) logs[i] = Math.log(both1.nanosPerSecond()[i] / both0.nanosPerSecond()[i]);
            return Math.sqrt(StatUtils.variance(logs));
        }
    }

    /** The whole probe: the machine, the cpusets, the seconds per run, and each working set's runs. */
    public record Result(MachineInfo machine, List<String> cpusets, int seconds, List<Size> sizes) {
    }

    private final List<String> cpusets;
    private final int seconds;

    public CacheProbe(List<String> cpusets, int seconds) {
        if (cpusets.size() != 2) {
            throw new BadInputException("the cache probe needs the duet's two cpusets, not " + cpusets);
        }
        if (seconds < 2) throw new BadInputException("--seconds must be at least 2, not " + seconds);
        cpusets.forEach(CacheProbe::cpus);
        this.cpusets = List.copyOf(cpusets);
        this.seconds = seconds;
    }

    /** Runs the probe: per working set, core 0 alone, core 1 alone, both at once; {@code seconds} each. */
    public Result run(List<CacheSizes.WorkingSet> workingSets) throws IOException {
        List<Size> sizes = new ArrayList<>();
        // Two threads of its own: "both at once" must start both chases whatever else a shared pool is running.
        ExecutorService chases = Executors.newFixedThreadPool(2);
        try {
            for (CacheSizes.WorkingSet set : workingSets) {
                CoreSeries alone0 = chase(cpusets.get(0), set.bytes(), chases).join();
                CoreSeries alone1 = chase(cpusets.get(1), set.bytes(), chases).join();
                CompletableFuture<CoreSeries> both0 = chase(cpusets.get(0), set.bytes(), chases);
                CompletableFuture<CoreSeries> both1 = chase(cpusets.get(1), set.bytes(), chases);
                sizes.add(new Size(set.bytes(), set.label(), alone0, alone1, both0.join(), both1.join()));
            }
        } catch (CompletionException e) {
            throw e.getCause() instanceof UncheckedIOException u ? u.getCause() : new IOException(e.getCause());
        } finally {
            chases.shutdownNow();
        }
        return new Result(Machines.current(), cpusets, seconds, sizes);
    }

    /**
     * The chase's command: pinned to {@code cpuset}, a fixed heap sized by {@link CacheChase#heapMiB} with a young
     * generation of {@link CacheChase#YOUNG_MIB}, and the serial GC (no GC threads beside the chase on its core).
     */
    static List<String> chaseCommand(String cpuset, long bytes, int seconds) {
        List<String> command = new ArrayList<>(List.of("taskset", "-c", cpuset));
        command.addAll(JavaCommand.here().fixedHeap(CacheChase.heapMiB(bytes) + "m")
                .flag("-Xmn" + CacheChase.YOUNG_MIB + "m").flag("-XX:+UseSerialGC")
                .classPath(ClassPaths.parse(ClassPaths.current()))
                .main(CacheChase.class.getName(), List.of(Long.toString(bytes), Integer.toString(seconds)))
                .build());
        return command;
    }

    private CompletableFuture<CoreSeries> chase(String cpuset, long bytes, ExecutorService chases) {
        List<String> command = chaseCommand(cpuset, bytes, seconds);
        Set<Integer> cpus = cpus(cpuset);
        return CompletableFuture.supplyAsync(() -> {
            try {
                CpuSteal.Reading before = CpuSteal.read(CpuSteal.PROC_STAT, cpus);
                Commands.Result result = Commands.run(command, Duration.ofSeconds(seconds + 60L));
                double steal = CpuSteal.share(before, CpuSteal.read(CpuSteal.PROC_STAT, cpus));
                if (!result.ok()) {
                    throw new IOException(String.join(" ", command.subList(0, 3)) + " ... failed (exit "
                            + result.exit() + "): " + result.output());
                }
                return new CoreSeries(cpuset, perSecond(result.output(), seconds), steal);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, chases);
    }

    /** The cpus of one of the duet's cpusets, read as the duet reads them; bad input names the option. */
    static TreeSet<Integer> cpus(String cpuset) {
        try {
            return ContainerResources.cpus(cpuset);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--duet-cpusets " + cpuset + ": " + e.getMessage(), e);
        }
    }

    /**
     * The mean of each whole second's samples, from the child's "seconds nanoseconds" lines; the samples that end after
     * the last whole second are left out.
     */
    static double[] perSecond(String output, int seconds) {
        Map<Integer, double[]> bins = new TreeMap<>();
        for (String line : output.split("\n")) {
            String[] fields = line.strip().split(" ");
            if (fields.length != 2 || fields[0].equals("end")) continue;
            double at = Double.parseDouble(fields[0]);
            if (at >= seconds) continue;
            double nanos = Double.parseDouble(fields[1]);
            double[] bin = bins.computeIfAbsent((int) at, k -> new double[2]);
            bin[0] += nanos;
            bin[1]++;
        }
        return bins.values().stream().mapToDouble(bin -> bin[0] / bin[1]).toArray();
    }

    /**
     * Before any chase: {@code taskset} runs here and pins to both cpusets. A cpuset taskset refuses is bad input
     * (IllegalArgumentException); a missing taskset is the machine's (IllegalStateException).
     */
    public void checkPinning() {
        for (String cpuset : cpusets) {
            Commands.Result result;
            try {
                result = Commands.run(List.of("taskset", "-c", cpuset, "true"), Duration.ofSeconds(10));
            } catch (IOException e) {
                throw new IllegalStateException("the cache probe pins its chases with taskset (util-linux), which "
                        + "cannot run here: " + e.getMessage(), e);
            }
            if (!result.ok()) {
                throw new BadInputException("--duet-cpusets " + cpuset + ": taskset cannot pin to it: "
                        + result.output());
            }
        }
    }
}
