package io.kvbench.report;

import io.kvbench.judge.Thresholds;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Intervals;
import io.kvbench.result.RunResults;
import io.kvbench.result.Units;
import io.kvbench.workload.Catalog;
import java.util.Locale;
import java.util.Optional;

/**
 * The smallest relative change a run's rows are judged by: the minimum effect of its profile's gate, which compare
 * and gate use for the same profile (the default gate's for a profile file or a profile without one). A row whose
 * printed interval, as a fraction of its score, is wider than that cannot tell a change of that size from noise: the
 * reports mark it "not conclusive" and say why, rather than let a reader rank or judge on it.
 *
 * @param fraction the minimum effect, 0.10 for 10 %
 * @param source   whose it is, for the reason: "the gate of profile ci"
 */
public record MinimumEffect(double fraction, String source) {

    /** The word the reports mark a row with. */
    public static final String MARK = "not conclusive";

    /** The minimum effect of the run's profile, as {@code kvbench compare} would judge its rows. */
    public static MinimumEffect of(RunResults run) {
        String profile = run.profile();
        if (profile != null && Catalog.PROFILES.contains(profile)) {
            return new MinimumEffect(Thresholds.of(Catalog.profile(profile).gate()).minEffect(),
                    "the gate of profile " + profile);
        }
        return new MinimumEffect(Thresholds.DEFAULTS.minEffect(), "the default gate");
    }

    /** "10%". */
    public String percent() {
        return percent(fraction);
    }

    /**
     * Why a measured row is not conclusive ("its ±16% interval is wider than the 10% minimum effect"; the legend says
     * whose minimum effect), or empty when it is; an unmeasured row is neither.
     */
    public Optional<String> whyNotConclusive(BenchmarkResult r, Units units) {
        if (!WorkloadGroup.measured(r)) return Optional.empty();
        double halfWidth = Intervals.of(r);
        if (!Double.isFinite(halfWidth)) {
            return Optional.of("no interval recorded (it needs 2 samples or more), so no change can be judged");
        }
        double relative = halfWidth / Math.abs(r.score());
        if (relative <= fraction) return Optional.empty();
        return Optional.of("its " + units.plusMinus() + percent(relative) + " interval is wider than the " + percent()
                + " minimum effect");
    }

    /** The legend line the tables end with. */
    public String legend(Units units) {
        return MARK + ": the row's " + Intervals.LABEL + " (" + units.plusMinus()
                + " as % of the score) is wider than the "
                + percent()
                + " minimum effect of " + source + ", so this run cannot tell a change of that size from noise.";
    }

    /** What the reasons refer to, after a list of them. */
    public String whose() {
        return "The " + percent() + " minimum effect is that of " + source
                + "; a row whose interval is wider cannot tell "
                + "a change of that size from noise.";
    }

    private static String percent(double fraction) {
        double p = fraction * 100;
        return String.format(Locale.ROOT, p >= 10 || p == Math.rint(p) ? "%.0f%%" : "%.1f%%", p);
    }
}
