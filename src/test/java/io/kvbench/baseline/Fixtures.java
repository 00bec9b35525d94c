package io.kvbench.baseline;

import io.kvbench.engine.Engines;
import io.kvbench.judge.ForkSamples;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.Measurement;
import io.kvbench.result.Metric;
import io.kvbench.result.MetricNames;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Software;
import io.kvbench.run.RunPlan;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Constructed results and baselines for tests (public: the CLI tests use it too). */
public final class Fixtures {

    /** Not a shipped profile, so comparisons use the default policy rather than a profile's gate. */
    public static final String PROFILE = "test-profile";
    public static final String MACHINE_CLASS = "test-cpu-2c";
    public static final Instant RECORDED = Instant.parse("2025-01-02T03:04:05Z");

    private Fixtures() {
    }

    public static MachineInfo machine(String machineClass) {
        return new MachineInfo("Test CPU @ 3.0GHz", 2, 24L << 30, "Linux 6.1", machineClass);
    }

    public static ResultContext context(String profile, String machineClass) {
        return new ResultContext(new Software("1.2.3", "OpenJDK 64-Bit Server VM 17.0.15", "abc1234"), profile,
                "local", "2025-01-02T03:00:00Z", machine(machineClass), Map.of("heap", "1g", "cpuset", "0-1"),
                Map.of("records", "100000", "valueSize", "100"));
    }

    /** An OK throughput result whose score is the mean of the samples and error a 99.9 % half-width. */
    public static BenchmarkResult ok(String engine, String workload, double... samples) {
        return ok(engine, workload, BenchmarkResult.THROUGHPUT, samples);
    }

    public static BenchmarkResult ok(String engine, String workload, String metric, double... samples) {
        double mean = Arrays.stream(samples).average().orElseThrow();
        double error = Double.NaN;
        if (samples.length >= 2) {
            double var = Arrays.stream(samples).map(s -> (s - mean) * (s - mean)).sum() / (samples.length - 1);
            error = new org.apache.commons.math3.distribution.TDistribution(samples.length - 1)
                    .inverseCumulativeProbability(0.9995)
                    * Math.sqrt(var / samples.length); // as JMH computes it
        }
        String unit = BenchmarkResult.THROUGHPUT.equals(metric) ? "ops/s" : "s/op";
        return BenchmarkResult.measured(engine, workload, new Measurement(metric, mean, error, unit,
                Arrays.stream(samples).boxed().toList(), Map.of()), context(PROFILE, MACHINE_CLASS));
    }

    /** The same result with a disk footprint recorded. */
    public static BenchmarkResult withDisk(BenchmarkResult r, long bytes) {
        Map<String, Metric> secondary = new HashMap<>(r.secondary());
        secondary.put(MetricNames.DISK_BYTES, new Metric(bytes, Double.NaN, "B"));
        return r.withMeasurement(new Measurement(r.metric(), r.score(), r.error(), r.unit(), r.samples(), secondary));
    }

    /** The same result with another error estimate. */
    public static BenchmarkResult withError(BenchmarkResult r, double error) {
        return r.withMeasurement(r.measurement().withScores(r.score(), error, r.samples()));
    }

    /** The same result recorded as {@code forks} JMH forks of equal length (samples in fork order). */
    public static BenchmarkResult withForks(BenchmarkResult r, int forks) {
        ResultContext c = r.context();
        Map<String, String> parameters = new HashMap<>(c.parameters());
        parameters.put(ForkSamples.FORKS_PARAMETER, String.valueOf(forks));
        ResultContext forked = new ResultContext(c.software(),
                c.profile(), c.runner(), c.time(), c.machine(), c.resources(), parameters);
        return r.withContext(forked);
    }

    /** A throughput result of several forks, each given as its own samples. */
    public static BenchmarkResult forks(double[]... forks) {
        return withForks(ok("e", "w", java.util.Arrays.stream(forks).flatMapToDouble(java.util.Arrays::stream)
                .toArray()),
                forks.length);
    }

    /** Samples drawn around {@code mean} with the given standard deviation, one array per fork. */
    public static double[][] normalForks(long seed, int forks, int perFork, double... forkMeans) {
        double[][] out = new double[forks][];
        for (int f = 0; f < forks; f++) out[f] = normal(seed * 31 + f, perFork, forkMeans[f % forkMeans.length],
                forkMeans[f % forkMeans.length] * 0.02);
        return out;
    }

    /** A failure of the engine. */
    public static BenchmarkResult failed(String engine, String workload, String reason) {
        return failed(engine, workload, FailureKind.ENGINE_FAILURE, reason);
    }

    public static BenchmarkResult failed(String engine, String workload, FailureKind kind, String reason) {
        return BenchmarkResult.failed(engine, workload, kind, reason, context(PROFILE, MACHINE_CLASS));
    }

    /**
     * A plan of the fixtures' profile (the smoke profile's sizes under {@link #PROFILE}, so that its results meet the
     * fixtures' baselines), for runners that stand in for real ones.
     */
    public static RunPlan plan(String engine, String workload, Path outDir) {
        Profile smoke = Catalog.profile("smoke");
        Profile named = new Profile(PROFILE, smoke.description(), smoke.records(), smoke.jmh(), smoke.defaults(),
                smoke.gate());
        return new RunPlan(List.of(Engines.byId(engine)), List.of(Catalog.workload(workload)), named,
                outDir, outDir.resolve("data"), 0);
    }

    public static BenchmarkResult notApplicable(String engine, String workload, String reason) {
        return BenchmarkResult.notApplicable(engine, workload, reason, context(PROFILE, MACHINE_CLASS));
    }

    /** n samples from a normal distribution, reproducible by seed. */
    public static double[] normal(long seed, int n, double mean, double sd) {
        Random random = new Random(seed);
        double[] samples = new double[n];
        for (int i = 0; i < n; i++) samples[i] = mean + sd * random.nextGaussian();
        return samples;
    }

    public static RunResults run(String profile, String machineClass, boolean complete, BenchmarkResult... results) {
        return new RunResults(RunResults.SCHEMA_VERSION, complete, profile, "local", "2025-01-02T03:00:00Z",
                machine(machineClass), List.of(results));
    }

    public static RunResults run(BenchmarkResult... results) {
        return run(PROFILE, MACHINE_CLASS, true, results);
    }

    public static Baseline baseline(BenchmarkResult r) {
        return Baseline.of(r, PROFILE, MACHINE_CLASS, RECORDED, "test");
    }
}
