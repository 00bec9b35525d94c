package io.kvbench.baseline;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.workload.Profile;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * The first comparison policy: a score change counts only when it is both statistically significant and large enough
 * to matter, because benchmark noise on shared machines easily reaches a few percent and a gate that fires on noise
 * gets ignored.
 *
 * <ul>
 *   <li>Significance: Welch's two-sided t-test on the iteration samples of both sides when each has at least two
 *       (p &lt; alpha); with fewer, whether the two 99.9 % confidence intervals (score ± error) are disjoint. Without
 *       an error estimate nothing is significant: one sample cannot tell a change from noise.</li>
 *   <li>Effect: the relative change in the bad direction (lower throughput, longer time) must reach minEffect.</li>
 *   <li>Disk: the footprint is nearly deterministic, so it needs no test, only a tight tolerance; growth beyond
 *       baseline × (1 + diskTolerance) + diskSlackBytes is a regression on its own.</li>
 * </ul>
 */
public final class WelchPolicy implements ComparisonPolicy {

    /**
     * Everything that tunes the policy, in one place.
     *
     * @param alpha          significance level of the t-test
     * @param minEffect      smallest relative change that matters (0.10 = 10 %)
     * @param diskTolerance  relative disk growth (or shrinkage) accepted as unchanged
     * @param diskSlackBytes absolute disk growth accepted on top, for small stores where a block or two is a lot
     */
    public record Parameters(double alpha, double minEffect, double diskTolerance, long diskSlackBytes) {

        public static final Parameters DEFAULTS = new Parameters(0.01, 0.10, 0.05, 64 * 1024);

        public Parameters {
            if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be in (0, 1), not " + alpha);
            if (!(minEffect >= 0)) throw new IllegalArgumentException("minEffect must be >= 0, not " + minEffect);
            if (!(diskTolerance >= 0)) throw new IllegalArgumentException("diskTolerance must be >= 0, not " + diskTolerance);
            if (diskSlackBytes < 0) throw new IllegalArgumentException("diskSlackBytes must be >= 0, not " + diskSlackBytes);
        }
    }

    private final Parameters parameters;

    public WelchPolicy() {
        this(Parameters.DEFAULTS);
    }

    public WelchPolicy(Parameters parameters) {
        this.parameters = parameters;
    }

    /** The policy a profile's perf gate asks for; the defaults when the profile sets none. */
    public static WelchPolicy forGate(Profile.Gate gate) {
        if (gate == null) return new WelchPolicy();
        return new WelchPolicy(new Parameters(gate.alpha(), gate.minEffect(), gate.diskTolerance(), gate.diskSlackBytes()));
    }

    public Parameters parameters() {
        return parameters;
    }

    @Override
    public String describe() {
        return String.format(Locale.ROOT, "Welch t-test (alpha %s) or 99.9%% CI overlap with fewer than 2 samples, "
                        + "minimum effect %s%%; disk tolerance %s%% + %s",
                parameters.alpha(), percent(parameters.minEffect()), percent(parameters.diskTolerance()),
                Formats.bytes(parameters.diskSlackBytes()));
    }

    private static String percent(double fraction) {
        return Formats.number(fraction * 100);
    }

    @Override
    public Assessment assess(Baseline baseline, BenchmarkResult measured) {
        if (!baseline.metric().equals(measured.metric()) || !baseline.unit().equals(measured.unit())) {
            return new Assessment(Verdict.NEW, Double.NaN, "-", "not comparable: baseline measured " + baseline.metric()
                    + " in " + baseline.unit() + ", this run " + measured.metric() + " in " + measured.unit()
                    + "; update the baseline");
        }
        Significance sig = significance(baseline, measured);
        double change = (measured.score() - baseline.score()) / baseline.score();
        // Positive when the result got worse, whichever direction "better" is for this metric.
        double worse = measured.higherIsBetter() ? -change : change;
        List<String> notes = new ArrayList<>();
        Verdict score = Verdict.PASS;
        if (sig.significant && worse >= parameters.minEffect()) {
            score = Verdict.REGRESSION;
            notes.add((measured.higherIsBetter() ? "slower: " : "takes longer: ") + Formats.percent(change * 100));
        } else if (sig.significant && -worse >= parameters.minEffect()) {
            score = Verdict.IMPROVEMENT;
            notes.add("faster: " + Formats.percent(change * 100) + "; consider updating the baseline");
        } else if (sig.significant && change != 0) {
            notes.add("significant but under the " + percent(parameters.minEffect()) + "% minimum effect");
        } else if (!sig.significant && Math.abs(change) >= parameters.minEffect()) {
            notes.add(Formats.percent(change * 100) + " is not significant (" + sig.why + ")");
        }
        Verdict disk = diskVerdict(baseline, measured, notes);
        Verdict verdict = score == Verdict.REGRESSION || disk == Verdict.REGRESSION ? Verdict.REGRESSION
                : score == Verdict.IMPROVEMENT || disk == Verdict.IMPROVEMENT ? Verdict.IMPROVEMENT
                : Verdict.PASS;
        return new Assessment(verdict, sig.pValue, sig.confidence, String.join("; ", notes));
    }

    private record Significance(boolean significant, double pValue, String confidence, String why) {
    }

    private Significance significance(Baseline baseline, BenchmarkResult measured) {
        double[] before = toArray(baseline.samples());
        double[] after = toArray(measured.samples());
        if (before.length >= 2 && after.length >= 2) {
            double p = welchPValue(before, after);
            return new Significance(p < parameters.alpha(), p, Formats.pValue(p),
                    Formats.pValue(p) + " >= alpha " + parameters.alpha());
        }
        double eb = baseline.error();
        double em = measured.error();
        if (Double.isNaN(eb) || Double.isNaN(em)) {
            return new Significance(false, Double.NaN, "no error estimate", "too few samples for an error estimate");
        }
        boolean overlap = baseline.score() - eb <= measured.score() + em && measured.score() - em <= baseline.score() + eb;
        return new Significance(!overlap, Double.NaN, overlap ? "CI overlap" : "CI disjoint", "confidence intervals overlap");
    }

    /**
     * Welch's two-sided p-value. commons-math divides by the pooled standard error, which is zero when both sides are
     * constant (a deterministic workload, or a test's constructed data): then any difference is certain and none is
     * not.
     */
    static double welchPValue(double[] a, double[] b) {
        if (StatUtils.variance(a) == 0 && StatUtils.variance(b) == 0) {
            return StatUtils.mean(a) == StatUtils.mean(b) ? 1.0 : 0.0;
        }
        return new TTest().tTest(a, b);
    }

    private Verdict diskVerdict(Baseline baseline, BenchmarkResult measured, List<String> notes) {
        Long before = baseline.diskBytes();
        if (before == null) return Verdict.PASS;
        Long after = Baseline.diskBytes(measured);
        if (after == null) {
            notes.add("disk size not recorded in this run");
            return Verdict.PASS;
        }
        double allowance = before * parameters.diskTolerance() + parameters.diskSlackBytes();
        String change = before == 0 ? "" : " " + Formats.percent((after - before) * 100.0 / before);
        String detail = " (" + Formats.bytes(before) + " -> " + Formats.bytes(after) + ", tolerance "
                + Formats.bytes(Math.round(allowance)) + ")";
        if (after > before + allowance) {
            notes.add("disk grew" + change + detail);
            return Verdict.REGRESSION;
        }
        if (after < before - allowance) {
            notes.add("disk shrank" + change + detail);
            return Verdict.IMPROVEMENT;
        }
        return Verdict.PASS;
    }

    private static double[] toArray(List<Double> samples) {
        return samples.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
