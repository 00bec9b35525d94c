package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.Formats;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Direction;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TestUtils;

/**
 * A score change counts only when it is both statistically significant and large enough to matter, because benchmark
 * noise on shared machines easily reaches a few percent and a gate that fires on noise gets ignored. Subclasses choose
 * the significance test; the effect size and the disk rule are the same for all:
 *
 * <ul>
 *   <li>A pass against a stored baseline says what it resolves ({@link Resolution#interval}): "no slowdown of 23 % or
 *       more (its interval ±3 %, minimum effect 20 %)".</li>
 *   <li>Effect: the relative change of the mean in the bad direction (lower throughput, longer time) must reach
 *       minEffect.</li>
 *   <li>Disk: the footprint of fixed work is nearly deterministic, so it needs no test, only a tight tolerance;
 *       growth beyond baseline × (1 + diskTolerance) + diskSlackBytes is a regression on its own (diskTolerance is
 *       the benchmark's own where the gate sets one: {@link Thresholds#diskRows}). Timed writes are
 *       not judged on disk ({@link #fixedWork}). A run without a disk size
 *       against a baseline with one is an ERROR: the check must not pass for want of a number.</li>
 *   <li>With a single sample on a side no test applies: the two 99.9 % confidence intervals (score ± error) must be
 *       disjoint; without an error estimate nothing is significant (one sample cannot tell a change from noise).</li>
 * </ul>
 */
public abstract class ThresholdPolicy implements ComparisonPolicy {

    private final Thresholds thresholds;

    protected ThresholdPolicy(Thresholds thresholds) {
        this.thresholds = thresholds;
    }

    public Thresholds thresholds() {
        return thresholds;
    }

    /** The significance test on two sides that each have at least two samples. */
    abstract Significance test(ForkSamples before, ForkSamples after);

    /** The test's name and settings for {@link #describe()}, e.g. "Welch t-test (alpha 0.01)". */
    abstract String describeTest();

    @Override
    public String describe() {
        return describeTest() + ", minimum effect " + percent(thresholds.minEffect()) + "%"
                + own(thresholds.scoreRows()) + "; disk tolerance " + percent(thresholds.diskTolerance()) + "% + "
                + Formats.bytes(thresholds.diskSlackBytes()) + own(thresholds.diskRows()) + "; costs "
                + costs(thresholds.costs()) + " over the worst recorded run and its runs' range";
    }

    /** "alloc.bytes.op 10% + 16, write.amplification 10% + 0.05". */
    private static String costs(Map<String, Profile.CostTolerance> costs) {
        StringBuilder out = new StringBuilder();
        costs.forEach((cost, t) -> out.append(out.isEmpty() ? "" : ", ").append(cost).append(' ')
                .append(percent(t.tolerance())).append("% + ").append(Formats.number(t.slack())));
        return out.toString();
    }

    /** " (engine/workload 90%, ...)" for the rows with thresholds of their own; empty without any. */
    private static String own(Map<String, Double> rows) {
        StringBuilder own = new StringBuilder();
        rows.forEach((row, value) -> own.append(own.isEmpty() ? " (" : ", ").append(row).append(' ')
                .append(percent(value)).append('%'));
        return own.isEmpty() ? "" : own.append(')').toString();
    }

    static String percent(double fraction) {
        return Formats.number(fraction * 100);
    }

    @Override
    public Assessment assess(Baseline baseline, BenchmarkResult measured) {
        if (!baseline.metric().equals(measured.metric()) || !baseline.unit().equals(measured.unit())) {
            return new Assessment(Verdict.NEW, Double.NaN, "-", "not comparable: baseline measured " + baseline.metric()
                    + " in " + baseline.unit() + ", this run " + measured.metric() + " in " + measured.unit()
                    + "; update the baseline");
        }
        Thresholds own = thresholds.forBenchmark(baseline.engine(), baseline.workload());
        Significance sig = significance(baseline, measured);
        Assessment assessment = decide(own, baseline, measured, sig,
                (measured.score() - baseline.score()) / baseline.score());
        Resolution resolution = sig.interval() == null ? null : Resolution.interval(sig.interval().low(),
                sig.interval().high(), own, measured.higherIsBetter());
        if (assessment.verdict() != Verdict.PASS || resolution == null) return assessment;
        String note = assessment.note().isEmpty() ? "" : assessment.note() + "; ";
        return new Assessment(Verdict.PASS, assessment.pValue(), assessment.confidence(),
                note + resolution.describe(own.minEffect()));
    }

    /**
     * B against A measured in the same rounds, one run each per round, paired by round: the runs of one round share
     * the machine's state at that time, so the per-round log ratios log(B/A) cancel drift that pooling all rounds
     * would count as noise. Significance is {@link PairedRounds}' t-test of the log ratios against 0; the change is
     * their geometric mean. Disk is judged on the pooled results, as always. Fewer than 3 rounds: the pooled
     * comparison.
     *
     * @param pooledA     A's runs pooled (the "baseline")
     * @param pooledB     B's runs pooled
     * @param roundRatios B's score / A's score per round
     */
    public Assessment assessPaired(Baseline pooledA, BenchmarkResult pooledB, double[] roundRatios) {
        if (roundRatios.length < 3 || !pooledA.metric().equals(pooledB.metric())
                || !pooledA.unit().equals(pooledB.unit())) {
            return assess(pooledA, pooledB);
        }
        double[] logs = new double[roundRatios.length];
        for (int i = 0; i < logs.length; i++) logs[i] = Math.log(roundRatios[i]);
        double mean = StatUtils.mean(logs);
        double spread = Math.sqrt(StatUtils.variance(logs));
        double p = spread == 0 ? (mean == 0 ? 1 : 0) : TestUtils.tTest(0.0, logs); // for people: the rule decides
        boolean significant = PairedRounds.significant(mean, spread, logs.length,
                PairedRounds.critical(logs.length, thresholds.alpha()));
        String confidence = Formats.pValue(p) + " (paired t, " + logs.length + " rounds)";
        Significance sig = new Significance(significant, p, confidence,
                Formats.pValue(p) + " >= alpha " + thresholds.alpha() + " over " + logs.length + " paired rounds");
        return decide(thresholds.forBenchmark(pooledA.engine(), pooledA.workload()), pooledA, pooledB, sig,
                Math.exp(mean) - 1);
    }

    /** A relative change of the score, positive when the result got worse whichever direction "better" is. */
    static double worse(BenchmarkResult measured, double change) {
        return Direction.of(measured.unit()).worse(change);
    }

    /** The verdict by the benchmark's own thresholds from a significance and a change (after - before) / before. */
    private Assessment decide(Thresholds own, Baseline baseline, BenchmarkResult measured, Significance sig,
                              double change) {
        double worse = worse(measured, change);
        List<String> notes = new ArrayList<>();
        Verdict score = Verdict.PASS;
        if (sig.significant() && worse >= own.minEffect()) {
            score = Verdict.REGRESSION;
            notes.add((measured.higherIsBetter() ? "slower: " : "takes longer: ") + Formats.percent(change * 100));
        } else if (sig.significant() && -worse >= own.minEffect()) {
            score = Verdict.IMPROVEMENT;
            notes.add("faster: " + Formats.percent(change * 100) + "; consider updating the baseline");
        } else if (sig.significant() && change != 0) {
            notes.add("significant but under the " + percent(own.minEffect()) + "% minimum effect");
        } else if (!sig.significant() && Math.abs(change) >= own.minEffect()) {
            notes.add(Formats.percent(change * 100) + " is not significant (" + sig.why() + ")");
        }
        Verdict disk = diskVerdict(baseline, measured, notes);
        Verdict verdict = disk == Verdict.ERROR ? Verdict.ERROR
                : score == Verdict.REGRESSION || disk == Verdict.REGRESSION ? Verdict.REGRESSION
                : score == Verdict.IMPROVEMENT || disk == Verdict.IMPROVEMENT ? Verdict.IMPROVEMENT
                : Verdict.PASS;
        return new Assessment(verdict, sig.pValue(), sig.confidence(), String.join("; ", notes));
    }

    /**
     * Disk is judged only where the work is the same in every run (passes, read-only operations): timed writes write
     * as much as the machine manages in the time, so their footprint follows the throughput (measured:
     * docs/results/2026-11-23-disk-portability.md) and a tolerance tight enough to catch a larger store would fail on
     * a faster run. A workload this build does not know is judged.
     */
    static boolean fixedWork(String workload) {
        return Catalog.known(workload).map(Workload::fixedWork).orElse(true);
    }

    private Significance significance(Baseline baseline, BenchmarkResult measured) {
        ForkSamples before = ForkSamples.of(baseline);
        ForkSamples after = ForkSamples.of(measured);
        if (before.count() >= 2 && after.count() >= 2) return test(before, after);
        double eb = baseline.error();
        double em = measured.error();
        if (Double.isNaN(eb) || Double.isNaN(em)) {
            return Significance.none("no error estimate", "too few samples for an error estimate");
        }
        boolean overlap = baseline.score() - eb <= measured.score() + em && measured.score() - em <= baseline.score()
                + eb;
        return new Significance(!overlap, Double.NaN, overlap ? "CI overlap" : "CI disjoint",
                "confidence intervals overlap");
    }

    private Verdict diskVerdict(Baseline baseline, BenchmarkResult measured, List<String> notes) {
        Long before = baseline.diskBytes();
        if (before == null || !fixedWork(measured.workload())) return Verdict.PASS;
        Long after = Baseline.diskBytes(measured);
        if (after == null) {
            notes.add("no disk size in this run (the baseline has " + Formats.bytes(before)
                    + "): the disk check cannot be made; see the run's log for why the measurement failed");
            return Verdict.ERROR;
        }
        double allowance = thresholds.diskAllowance(baseline.engine(), baseline.workload(), before);
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
}
