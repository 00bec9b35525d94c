package io.kvbench.workload;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.kvbench.input.BadInputException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * How big and how long a run is, read from {@code kvbench/profiles/<name>.json} (one flat object): dataset sizes per
 * workload family, JMH iterations and forks, and the benchmark JVM's heap.
 *
 * @param name        smoke, overview, ci, nightly, published, or a custom name
 * @param description what the profile is for
 * @param records     records per workload family (tc, hestia, halo, ds4j, sha1, ycsb)
 * @param jmh         forks, iterations and heap of the benchmark JVMs
 * @param defaults    what a `kvbench run` without --engines or --workloads measures
 * @param gate        how far a result of this profile may move before the perf gate calls it a regression; set from
 *                    the run-to-run spread measured with this profile (null: the comparison defaults)
 */
public record Profile(String name, String description, Map<String, Long> records, @JsonUnwrapped Jmh jmh,
                      @JsonUnwrapped Defaults defaults, GateSettings gate) {

    /**
     * Regression thresholds of the perf gate: significance (alpha of the named test) AND a minimum relative effect for
     * scores; a relative tolerance plus absolute slack for disk bytes.
     *
     * @param test      the significance test: "bootstrap" (the default when absent) or "welch"
     * @param measured  where the thresholds come from, for people
     * @param rows      benchmarks with thresholds of their own
     */
    public record GateSettings(String test, double alpha, double minEffect, double diskTolerance, long diskSlackBytes,
                               String measured, @JsonUnwrapped Rows rows) {
        public GateSettings {
            rows = rows == null ? new Rows(null, null, null) : rows;
        }

        public Map<String, DiskRow> diskRows() {
            return rows.diskRows();
        }

        public Map<String, ScoreRow> scoreRows() {
            return rows.scoreRows();
        }

        public Map<String, CostTolerance> costs() {
            return rows.costs();
        }
    }

    /**
     * Benchmarks ("engine/workload") whose spread between identical runs is wider than the gate's thresholds allow,
     * each with a threshold of its own and the evidence for it (none when absent).
     *
     * @param diskRows  fixed-work footprints that vary more than diskTolerance allows
     * @param scoreRows scores that vary between JVM forks more than minEffect allows
     * @param costs     how much each judged cost may grow over its baseline, by the cost's name in results.json (none:
     *                  {@link io.kvbench.judge.Thresholds#DEFAULT_COSTS})
     */
    public record Rows(Map<String, DiskRow> diskRows, Map<String, ScoreRow> scoreRows,
                       Map<String, CostTolerance> costs) {
        public Rows {
            // Sorted for stable messages; a null row stays for Catalog to name.
            diskRows = diskRows == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(diskRows));
            scoreRows = scoreRows == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(scoreRows));
            costs = costs == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(costs));
        }
    }

    /**
     * How much a cost per operation may exceed the largest value its baseline's runs recorded before it is a
     * regression: {@code worst x (1 + tolerance) + range + slack}, the range being how far apart those runs were. The
     * slack is for costs near zero, where a few bytes of the JIT's are a large ratio.
     *
     * @param tolerance relative growth accepted as unchanged, set above the spread of identical runs
     * @param slack     absolute growth accepted on top, in the cost's unit
     * @param evidence  the spread measured, where and when
     */
    public record CostTolerance(double tolerance, double slack, String evidence) {
    }

    /**
     * The costs a gate judges, by their names in results.json (io.kvbench.result.MetricNames, which this package cannot
     * see; a test keeps them equal): heap bytes allocated, write amplification and syncs per operation, and the memory
     * the benchmark JVM holds outside its heap.
     */
    public static final List<String> JUDGED_COSTS = List.of("alloc.bytes.op", "write.amplification", "syncs.op",
            "native.bytes");

    /**
     * A disk tolerance of one benchmark's own, in place of the gate's relative diskTolerance (the slack stays the
     * gate's).
     *
     * @param tolerance relative growth (or shrinkage) accepted as unchanged, set from the spread of identical runs
     * @param evidence  why this row varies and where its spread was measured
     */
    public record DiskRow(double tolerance, String evidence) {
    }

    /**
     * A minimum effect of one benchmark's own, for a score whose JVM forks settle in different modes (a fork of an
     * unchanged engine scoring a fraction of another's), so that a baseline's forks can all come from one mode and an
     * unchanged run's from another. It raises the gate's minEffect for this row, never lowers it.
     *
     * @param minEffect smallest relative change of this row's score that counts, set above the spread of its modes
     * @param evidence  the modes measured, where and when
     */
    public record ScoreRow(double minEffect, String evidence) {
    }

    /** JMH iteration settings; seconds apply to timed operations only. */
    public record Iterations(int warmupIterations, double warmupSeconds, int measurementIterations,
                             double measurementSeconds) {
        public Iterations {
            if (warmupIterations < 0 || measurementIterations < 1) {
                throw new BadInputException("need >= 0 warmup and >= 1 measurement iterations");
            }
        }
    }

    /**
     * How the benchmark JVMs measure.
     *
     * @param forks      JMH forks per benchmark; at least 1 (forks capture run-to-run variance)
     * @param passes     iterations of single-shot passes
     * @param readPasses iterations of read passes where they differ from {@code passes} (null: the same): a read pass
     * of
     *                   a fraction of a second is still compiling after a few warm-up passes, while more warm-up passes
     *                   of a write would change the store it measures
     * @param operations iterations and their length for timed operations
     * @param heap       -Xms = -Xmx of the benchmark JVM, e.g. "1g"
     */
    public record Jmh(int forks, Iterations passes, Iterations readPasses, Iterations operations, String heap) {
    }

    /**
     * @param defaultEngines   engines a `kvbench run` without --engines measures (empty: all)
     * @param defaultWorkloads workloads a `kvbench run` without --workloads measures (empty: all)
     */
    public record Defaults(List<String> defaultEngines, List<String> defaultWorkloads) {
        public Defaults {
            defaultEngines = defaultEngines == null ? List.of() : List.copyOf(defaultEngines);
            defaultWorkloads = defaultWorkloads == null ? List.of() : List.copyOf(defaultWorkloads);
        }
    }

    public Profile {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(records, "records of profile " + name);
        Objects.requireNonNull(jmh, "jmh settings of profile " + name);
        Objects.requireNonNull(jmh.passes(), "passes of profile " + name);
        Objects.requireNonNull(jmh.operations(), "operations of profile " + name);
        Objects.requireNonNull(jmh.heap(), "heap of profile " + name);
        if (jmh.forks() < 1) {
            throw new BadInputException("profile " + name + ": forks must be >= 1 (never 0), was "
                    + jmh.forks());
        }
        if (!jmh.heap().matches("\\d+[mMgG]")) {
            throw new BadInputException("profile " + name + ": heap must look like 512m or 2g");
        }
        description = description == null ? "" : description;
        defaults = defaults == null ? new Defaults(null, null) : defaults;
        records = Map.copyOf(records);
    }

    public int forks() {
        return jmh.forks();
    }

    /** The same profile, under the same name, measured with {@code forks} JMH forks per benchmark. */
    public Profile withForks(int forks) {
        return new Profile(name, description, records, new Jmh(forks, jmh.passes(), jmh.readPasses(),
                jmh.operations(), jmh.heap()), defaults, gate);
    }

    /**
     * The same profile, under the same name, with the fewest iterations that still do each workload's fixed work: one
     * pass (a fresh store per write pass, the preloaded one for reads) and one short iteration of timed operations,
     * without warm-up. For judging what does not depend on the machine's speed (a fixed-work footprint on disk) where
     * throughput is not compared; a workload's own warm-up passes still run ({@link #iterations}).
     */
    public Profile withFixedWorkOnce() {
        Iterations once = new Iterations(0, 0, 1, 0);
        Iterations briefly = new Iterations(0, 0, 1, FIXED_WORK_SECONDS);
        return new Profile(name, description, records, new Jmh(1, once, null, briefly,
                jmh.heap()), defaults, gate);
    }

    /** How long {@link #withFixedWorkOnce} times operations: long enough for every reader thread to start. */
    static final double FIXED_WORK_SECONDS = 0.2;

    public Iterations passes() {
        return jmh.passes();
    }

    public Iterations readPasses() {
        return jmh.readPasses();
    }

    public Iterations operations() {
        return jmh.operations();
    }

    public String heap() {
        return jmh.heap();
    }

    public List<String> defaultEngines() {
        return defaults.defaultEngines();
    }

    public List<String> defaultWorkloads() {
        return defaults.defaultWorkloads();
    }

    /** Records of a workload family in this profile. */
    public long records(String family) {
        Long n = records.get(family);
        if (n == null) throw new BadInputException("profile " + name + " does not size workload family '"
                + family + "'");
        return n;
    }

    /** The iterations of {@code workload}: passes, read passes or operations, with at least the workload's own warm-up
     * passes. */
    public Iterations iterations(Workload workload) {
        if (!workload.isPass()) return operations();
        Iterations it = workload.phase() == Workload.Phase.READ_PASS && readPasses() != null ? readPasses() : passes();
        if (it.warmupIterations() >= workload.warmupPasses()) return it;
        return new Iterations(workload.warmupPasses(), it.warmupSeconds(), it.measurementIterations(),
                it.measurementSeconds());
    }
}
