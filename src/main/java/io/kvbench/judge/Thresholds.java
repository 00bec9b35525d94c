package io.kvbench.judge;

import io.kvbench.workload.Profile;

/**
 * The thresholds a {@link ThresholdPolicy} decides with (a profile gate's numbers), in one place.
 *
 * @param alpha          significance level of the test (two-sided)
 * @param minEffect      smallest relative change that matters (0.10 = 10 %)
 * @param diskTolerance  relative disk growth (or shrinkage) accepted as unchanged
 * @param diskSlackBytes absolute disk growth accepted on top, for small stores where a block or two is a lot
 */
public record Thresholds(double alpha, double minEffect, double diskTolerance, long diskSlackBytes) {

    /**
     * Used where a profile sets no gate (nightly, profile files, tests). Not calibrated: the measured settings are the
     * shipped profiles' gates (smoke, and ci from kvbench calibrate: docs/methodology/calibration.md, figures in
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
    }

    /** A profile's gate thresholds; the defaults when it sets none. */
    public static Thresholds of(Profile.GateSettings gate) {
        return gate == null ? DEFAULTS
                : new Thresholds(gate.alpha(), gate.minEffect(), gate.diskTolerance(), gate.diskSlackBytes());
    }

    public Thresholds withAlpha(double value) {
        return new Thresholds(value, minEffect, diskTolerance, diskSlackBytes);
    }

    public Thresholds withMinEffect(double value) {
        return new Thresholds(alpha, value, diskTolerance, diskSlackBytes);
    }
}
