package io.kvbench.gate;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kvbench.baseline.Baseline;
import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.Engines;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.Assessment;
import io.kvbench.judge.BaselineComparison;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.PairedCostCheck;
import io.kvbench.judge.Pooling;
import io.kvbench.judge.Resolution;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Direction;
import io.kvbench.result.FailureKind;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Two configurations measured alternately in one session on one machine: per round, A and B each run every benchmark,
 * taking turns to go first (or to take each core), so that the machine's drift over the session hits both alike; then B
 * is judged against A with the comparison policy, paired by round from 3 rounds on (the ratio B/A of each round cancels
 * the drift between rounds, which pooled samples would count as noise; see {@link ThresholdPolicy#assessPaired}), on
 * the pooled samples below that. The two sides of a round run one after the other or, as a {@link Duet}, at the same
 * time on two cores ({@link RoundSchedule}). For an engine upgrade A and B are two class paths (two kvbench jars built
 * with the two versions); for a setting, two sets of benchmark JVM flags; a delay in B's engine calls checks that the
 * mode sees what it should.
 */
public final class Interleaving {

    /**
     * @param name        "A" or "B"
     * @param runner      runs this configuration's benchmarks (its class path and JVM flags)
     * @param description what the configuration is, for people
     */
    public record Side(String name, BenchmarkRunner runner, String description) {
    }

    /**
     * @param row         B against A: baselineScore is A's pooled score, measuredScore B's
     * @param roundRatios B / A per round, in round order (NaN where a side failed)
     * @param resolution  the smallest slowdown the session could have caught; null where nothing was judged on
     *                    ratios (an ERROR) or in files written before it was recorded
     * @param failure     which side failed first, and how, for a row with nothing judged (ERROR, not applicable);
     *                    null otherwise and in files written before it was recorded
     */
    public record Result(ComparisonRow row, List<Double> roundRatios,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Resolution resolution,
                         @JsonInclude(JsonInclude.Include.NON_NULL) SideFailure failure) {

        /** A result that nothing failed in. */
        public Result(ComparisonRow row, List<Double> roundRatios, Resolution resolution) {
            this(row, roundRatios, resolution, null);
        }

        /** The same result with this resolution, stated in the note of a row that passed. */
        public Result resolving(Resolution value, double minEffect) {
            if (value == null) return new Result(row, roundRatios, null, failure);
            boolean passed = row.verdict() == Verdict.PASS || row.verdict() == Verdict.IMPROVEMENT;
            return new Result(passed ? row.withMoreNote(value.describe(minEffect)) : row, roundRatios, value,
                    failure);
        }
    }

    /**
     * Which side of the A/B failed first, and how.
     *
     * @param side "A" or "B"
     * @param kind the failure's kind, as its runner decided it (LINKAGE: that side's adapter does not link)
     */
    public record SideFailure(String side, FailureKind kind) {
    }

    private Interleaving() {
    }

    /**
     * Runs {@code rounds} rounds of every benchmark of the session and judges B against A per benchmark.
     *
     * @param confirmations how many times a benchmark that looks regressed is measured for another {@code rounds}
     *                      rounds (just that benchmark, both sides), then judged on all its rounds paired; the first
     *                      verdict that is not a REGRESSION ends it, as the gate's confirmation reruns do
     */
    public static List<Result> run(InterleaveSession session, int rounds, int confirmations) throws IOException {
        if (rounds < 2) {
            throw new BadInputException("rounds must be >= 2 (interleaving needs repeats), not " + rounds);
        }
        if (confirmations < 0) throw new BadInputException("confirmations must be >= 0, not " + confirmations);
        SessionRounds measured = new SessionRounds(session);
        measured.measure(session, "", rounds);
        List<Result> out = new ArrayList<>();
        for (BenchmarkKey key : measured.keys()) out.add(confirmed(session, measured, key, rounds, confirmations));
        return out;
    }

    /**
     * One benchmark judged on its rounds, confirmed by more rounds while it looks regressed on the session's metric;
     * its costs judged on all its rounds after that (they are near-deterministic: more rounds would not change them).
     */
    private static Result confirmed(InterleaveSession session, SessionRounds measured, BenchmarkKey key, int rounds,
                                    int confirmations) throws IOException {
        Result result = judgeMetric(key, measured.of(key, session.a()), measured.of(key, session.b()),
                session.policy());
        for (int c = 1; c <= confirmations && result.row().verdict() == Verdict.REGRESSION; c++) {
            session.console().println("suspected regression " + key + " (" + result.row().note()
                    + "): confirming with " + rounds + " more rounds (" + c + " of " + confirmations + ")");
            measured.measure(session.over(List.of(Engines.byId(key.engine())),
                    List.of(Catalog.workload(key.workload()))),
                    "confirm-" + c + "-" + key.engine() + "-" + key.workload() + "-", rounds);
            Result all = judgeMetric(key, measured.of(key, session.a()), measured.of(key, session.b()),
                    session.policy());
            String how = all.row().verdict() == Verdict.REGRESSION ? "confirmed by " : "not confirmed by ";
            result = new Result(all.row().withMoreNote(how + c * rounds + " more rounds"), all.roundRatios(),
                    all.resolution());
        }
        return session.scope().costs() ? withCosts(result, measured.of(key, session.a()), measured.of(key,
                session.b()), session.policy()) : result;
    }

    /**
     * B against A, paired by round when there are 3 or more (the calibration replays it on its own rounds), with what
     * the paired rounds resolve, and B's costs per operation against A's ({@link PairedCostCheck}).
     */
    public static Result judge(BenchmarkKey key, List<BenchmarkResult> as, List<BenchmarkResult> bs,
                               ComparisonPolicy policy) {
        return withCosts(judgeMetric(key, as, bs, policy), as, bs, policy);
    }

    /** B against A on the session's metric alone, paired by round from 3 rounds, with the resolution. */
    private static Result judgeMetric(BenchmarkKey key, List<BenchmarkResult> as, List<BenchmarkResult> bs,
                                    ComparisonPolicy policy) {
        Result judged = judgeRounds(key, as, bs, policy);
        boolean paired = as.size() == bs.size();
        return judged.resolving(paired ? pairedResolution(judged, policy, Resolution.DEFAULT_BETA) : null,
                minEffect(policy));
    }

    /** The result with B's costs per operation judged against A's ({@link PairedCostCheck}). */
    static Result withCosts(Result judged, List<BenchmarkResult> as, List<BenchmarkResult> bs,
                            ComparisonPolicy policy) {
        return new Result(PairedCostCheck.apply(judged.row(), as, bs, policy.thresholds()), judged.roundRatios(),
                judged.resolution(), judged.failure());
    }

    /**
     * What the paired test on the rounds of a result whose sides ran equally often resolves at miss rate
     * {@code beta}; null where it made no paired test (fewer than 3 rounds, a failure, a policy without thresholds).
     */
    static Resolution pairedResolution(Result judged, ComparisonPolicy policy, double beta) {
        Verdict verdict = judged.row().verdict();
        if (!(policy instanceof ThresholdPolicy threshold) || verdict == Verdict.ERROR || verdict == Verdict.NEW) {
            return null;
        }
        double[] ratios = judged.roundRatios().stream().mapToDouble(Double::doubleValue).toArray();
        return Resolution.paired(ratios, threshold.thresholds(), beta,
                Direction.of(judged.row().unit()).higherIsBetter());
    }

    static double minEffect(ComparisonPolicy policy) {
        return policy instanceof ThresholdPolicy threshold ? threshold.thresholds().minEffect() : 0;
    }

    /** B against A as {@link #judge}, without the resolution. */
    static Result judgeRounds(BenchmarkKey key, List<BenchmarkResult> as, List<BenchmarkResult> bs,
                              ComparisonPolicy policy) {
        List<Double> ratios = new ArrayList<>();
        for (int i = 0; i < Math.min(as.size(), bs.size()); i++) {
            boolean ok = as.get(i).status() == Status.OK && bs.get(i).status() == Status.OK;
            ratios.add(ok ? bs.get(i).score() / as.get(i).score() : Double.NaN);
        }
        BenchmarkResult failed = firstNotOk(as, bs);
        if (failed != null) {
            Verdict verdict = failed.status() == Status.NOT_APPLICABLE ? Verdict.NEW : Verdict.ERROR;
            // A side whose adapter does not link against its engine library: the side and what is missing, one line.
            String side = as.stream().anyMatch(r -> r == failed) ? "A" : "B";
            String note = failed.kind() == FailureKind.LINKAGE ? side + ": " + failed.reason()
                    : (failed.status() == Status.NOT_APPLICABLE ? "not applicable: " : "failed: ") + failed.reason();
            return new Result(ComparisonRow.unmeasured(key, verdict, null, Double.NaN, note), ratios, null,
                    new SideFailure(side, failed.kind()));
        }
        BenchmarkResult pooledA = Pooling.pool(as);
        BenchmarkResult pooledB = Pooling.pool(bs);
        Baseline baselineA = Baseline.of(pooledA, "interleave", "interleave", Instant.now(), "configuration A");
        Assessment assessment;
        String note;
        if (policy instanceof ThresholdPolicy threshold && as.size() == bs.size() && as.size() >= 3) {
            double[] paired = ratios.stream().mapToDouble(Double::doubleValue).toArray();
            assessment = threshold.assessPaired(baselineA, pooledB, paired);
            note = "B vs A paired by round over " + as.size() + " rounds (scores: pooled means)";
        } else {
            assessment = policy.assess(baselineA, pooledB);
            note = "B vs A, pooled " + pooledA.samples().size() + " and " + pooledB.samples().size() + " samples of "
                    + as.size() + " rounds";
        }
        return new Result(BaselineComparison.measured(pooledB, baselineA, assessment, note), ratios, null);
    }

    private static BenchmarkResult firstNotOk(List<BenchmarkResult> as, List<BenchmarkResult> bs) {
        for (BenchmarkResult r : as) if (r.status() != Status.OK) return r;
        for (BenchmarkResult r : bs) if (r.status() != Status.OK) return r;
        return null;
    }
}
