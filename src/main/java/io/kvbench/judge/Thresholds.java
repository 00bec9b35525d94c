package io.kvbench.judge;

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
 */
public record Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes,
                         Map<String, Double> diskRows) {

    /**
     * Used where a profile sets no gate (nightly, profile files, tests). Not calibrated: the measured settings are the
     * shipped profiles' gates (smoke, and ci from the lab's calibrate: docs/methodology/calibration.md, figures in
     * docs/results/2026-11-21-calibration-ci.md). Calibrate a profile before trusting these.
     */
    public static final Thresholds DEFAULTS = new Thresholds(0.01, 0.10, 0.05, 64 * 1024);

    public Thresholds {
        if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be in (0, 1), not " + alpha);
        if (!(minEffect >= 0)) throw new IllegalArgumentException("minEffect must be >= 0, not " + minEffect);
        if (!(diskTolerance >= 0)) throw new IllegalArgumentException("diskTolerance must be >= 0, not "
                + diskTolerance);
        if (diskSlackBytes < 0) throw new IllegalArgumentException("diskSlackBytes must be >= 0, not "
                + diskSlackBytes);
        diskRows = diskRows == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(diskRows));
        diskRows.forEach((row, tolerance) -> {
            if (tolerance == null || !(tolerance >= 0)) throw new IllegalArgumentException("disk tolerance of " + row
                    + " must be >= 0, not " + tolerance);
        });
    }

    /** Every benchmark judged on disk with the same relative tolerance. */
    public Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes) {
        this(alpha, minEffect, diskTolerance, diskSlackBytes, Map.of());
    }

    /** A profile's gate thresholds; the defaults when it sets none. */
    public static Thresholds of(Profile.GateSettings gate) {
        if (gate == null) return DEFAULTS;
        Map<String, Double> rows = new TreeMap<>();
        gate.diskRows().forEach((row, own) -> rows.put(row, own.tolerance()));
        return new Thresholds(gate.alpha(), gate.minEffect(), gate.diskTolerance(), gate.diskSlackBytes(), rows);
    }

    /** The relative disk tolerance of one benchmark: its own where the gate sets one, else diskTolerance. */
    public double diskTolerance(String engine, String workload) {
        return diskRows.getOrDefault(engine + "/" + workload, diskTolerance);
    }

    /** The disk growth (or shrinkage) in bytes accepted as unchanged for a footprint of {@code before} bytes. */
    public double diskAllowance(String engine, String workload, long before) {
        return before * diskTolerance(engine, workload) + diskSlackBytes;
    }

    public Thresholds withAlpha(double value) {
        return new Thresholds(value, minEffect, diskTolerance, diskSlackBytes, diskRows);
    }

    public Thresholds withMinEffect(double value) {
        return new Thresholds(alpha, value, diskTolerance, diskSlackBytes, diskRows);
    }
}
