package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import io.kvbench.result.MetricNames;
import io.kvbench.workload.Profile;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The thresholds a {@link ThresholdPolicy} decides with (a profile gate's numbers), in one place.
 *
 * @param alpha          significance level of the test (two-sided)
 * @param minEffect      smallest relative change that matters (0.10 = 10 %)
 * @param diskTolerance  relative disk growth (or shrinkage) accepted as unchanged
 * @param diskSlackBytes absolute disk growth accepted on top, for small stores where a block or two is a lot
 * @param diskRows       relative disk tolerances of their own, by "engine/workload", in place of diskTolerance for
 *                       benchmarks whose footprint varies between identical runs (the gate's diskRows)
 * @param scoreRows      minimum effects of their own, by "engine/workload", for scores whose forks settle in modes
 *                       further apart than minEffect (the gate's scoreRows); each raises minEffect, never lowers it
 * @param costs          how much each judged cost may grow, by its name (the gate's costs; {@link #DEFAULT_COSTS} for
 *                       those it does not set)
 */
public record Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes,
                         Map<String, Double> diskRows, Map<String, Double> scoreRows,
                         Map<String, Profile.CostTolerance> costs) {

    /**
     * Cost tolerances where a profile sets none: 10 % over the worst recorded run (and its runs' range,
     * {@link #costAllowance}), plus 16 B/op of allocation (one small object more per operation, on an engine that
     * allocates nothing, still fails), 0.05 of write amplification and 0.01 syncs per operation (one sync per put more
     * still fails); native memory 25 % plus 32 MiB, as the memory a JVM holds outside its heap moves between
     * identical runs. The shipped profiles set theirs from measured spreads (smoke: docs/results/).
     */
    public static final Map<String, Profile.CostTolerance> DEFAULT_COSTS = Map.of(
            MetricNames.ALLOC_BYTES_PER_OP, new Profile.CostTolerance(0.10, 16, "not measured: the default"),
            MetricNames.WRITE_AMPLIFICATION, new Profile.CostTolerance(0.10, 0.05, "not measured: the default"),
            MetricNames.SYNCS_PER_OP, new Profile.CostTolerance(0.10, 0.01, "not measured: the default"),
            MetricNames.NATIVE_BYTES, new Profile.CostTolerance(0.25, 32 * 1024 * 1024, "not measured: the default"));

    /**
     * Used where a profile sets no gate (nightly, profile files, tests). Not calibrated: the measured settings are the
     * shipped profiles' gates (smoke, and ci from the lab's calibrate: docs/methodology/calibration.md, figures in
     * docs/results/2026-11-21-calibration-ci.md). Calibrate a profile before trusting these.
     */
    public static final Thresholds DEFAULTS = new Thresholds(0.01, 0.10, 0.05, 64 * 1024);

    public Thresholds {
        if (!(alpha > 0 && alpha < 1)) throw new BadInputException("alpha must be in (0, 1), not " + alpha);
        if (!(minEffect >= 0)) throw new BadInputException("minEffect must be >= 0, not " + minEffect);
        if (!(diskTolerance >= 0)) throw new BadInputException("diskTolerance must be >= 0, not "
                + diskTolerance);
        if (diskSlackBytes < 0) throw new BadInputException("diskSlackBytes must be >= 0, not "
                + diskSlackBytes);
        diskRows = rows("disk tolerance", diskRows);
        scoreRows = rows("minimum effect", scoreRows);
        Map<String, Profile.CostTolerance> all = new TreeMap<>(DEFAULT_COSTS);
        if (costs != null) all.putAll(costs);
        all.forEach((cost, t) -> {
            if (t == null || !(t.tolerance() >= 0) || !(t.slack() >= 0)) {
                throw new BadInputException("the tolerance and slack of " + cost + " must be >= 0");
            }
        });
        costs = Collections.unmodifiableMap(all);
    }

    /** Every benchmark judged with the same thresholds. */
    public Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes) {
        this(alpha, minEffect, diskTolerance, diskSlackBytes, Map.of(), Map.of());
    }

    /** Rows of their own, the default cost tolerances. */
    public Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes,
                      Map<String, Double> diskRows, Map<String, Double> scoreRows) {
        this(alpha, minEffect, diskTolerance, diskSlackBytes, diskRows, scoreRows, Map.of());
    }

    private static Map<String, Double> rows(String what, Map<String, Double> rows) {
        if (rows == null) return Map.of();
        rows.forEach((row, value) -> {
            if (value == null || !(value >= 0)) throw new BadInputException(what + " of " + row
                    + " must be >= 0, not " + value);
        });
        return Collections.unmodifiableMap(new TreeMap<>(rows));
    }

    /** A profile's gate thresholds; the defaults when it sets none. */
    public static Thresholds of(Profile.GateSettings gate) {
        if (gate == null) return DEFAULTS;
        Map<String, Double> disk = new TreeMap<>();
        gate.diskRows().forEach((row, own) -> disk.put(row, own.tolerance()));
        Map<String, Double> score = new TreeMap<>();
        gate.scoreRows().forEach((row, own) -> score.put(row, own.minEffect()));
        return new Thresholds(gate.alpha(), gate.minEffect(), gate.diskTolerance(), gate.diskSlackBytes(), disk,
                score, gate.costs());
    }

    /**
     * The thresholds one benchmark is judged by: minEffect raised to its row's own where the gate sets one (a floor
     * set by its modes, so a larger minimum effect asked for, e.g. by --min-effect, still holds).
     */
    public Thresholds forBenchmark(String engine, String workload) {
        Double own = scoreRows.get(engine + "/" + workload);
        return own == null || own <= minEffect ? this : withMinEffect(own);
    }

    /** The relative disk tolerance of one benchmark: its own where the gate sets one, else diskTolerance. */
    public double diskTolerance(String engine, String workload) {
        return diskRows.getOrDefault(engine + "/" + workload, diskTolerance);
    }

    /** The disk growth (or shrinkage) in bytes accepted as unchanged for a footprint of {@code before} bytes. */
    public double diskAllowance(String engine, String workload, long before) {
        return before * diskTolerance(engine, workload) + diskSlackBytes;
    }

    /**
     * The largest value of a cost judged unchanged: the worst its baseline's runs recorded, plus their range (a cost
     * that varied between identical runs is given that much room again), the relative tolerance and the slack.
     */
    public double costAllowance(String cost, double worst, double range) {
        Profile.CostTolerance t = costs.get(cost);
        return worst * (1 + t.tolerance()) + range + t.slack();
    }

    public Thresholds withAlpha(double value) {
        return new Thresholds(value, minEffect, diskTolerance, diskSlackBytes, diskRows, scoreRows, costs);
    }

    public Thresholds withMinEffect(double value) {
        return new Thresholds(alpha, value, diskTolerance, diskSlackBytes, diskRows, scoreRows, costs);
    }
}
