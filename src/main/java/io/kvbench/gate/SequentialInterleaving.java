package io.kvbench.gate;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.Engines;
import io.kvbench.judge.ComparisonRow;
import io.kvbench.judge.Resolution;
import io.kvbench.judge.SequentialTest;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import io.kvbench.result.Verdict;
import io.kvbench.run.Rounds;
import io.kvbench.workload.Catalog;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link Interleaving} with rounds spent where they decide: each benchmark runs A and B round after round until the
 * {@link SequentialTest} on its per-round ratios accepts a regression or its absence, or reaches its round limit;
 * benchmarks that have decided stop running, the others go on. A benchmark's final row is the paired judgement of all
 * its rounds, made a REGRESSION when the sequential test accepted one, with the test's decision in its note. With a
 * time budget no round starts once it is spent (a benchmark still gets the test's minimum rounds), and what is
 * undecided then is judged like a benchmark at the round limit: a workflow step ends with verdicts before its timeout
 * instead of being killed without them.
 */
public final class SequentialInterleaving {

    private SequentialInterleaving() {
    }

    /**
     * @param test   decides per benchmark, round after round, when to stop
     * @param budget no round starts once it is spent (a benchmark still gets the test's minimum rounds); null: none
     */
    public static List<Interleaving.Result> run(InterleaveSession session, SequentialTest test, Duration budget)
            throws IOException {
        SessionRounds measured = new SessionRounds(session);
        Map<BenchmarkKey, SequentialTest.Step> steps = rounds(session, measured, test, budget);
        List<Interleaving.Result> out = new ArrayList<>();
        for (BenchmarkKey key : measured.keys()) {
            List<BenchmarkResult> as = measured.of(key, session.a());
            List<BenchmarkResult> bs = measured.of(key, session.b());
            Interleaving.Result judged = Interleaving.judgeRounds(key, as, bs, session.policy());
            SequentialTest.Step step = steps.get(key);
            boolean unjudged = judged.row().verdict() == Verdict.ERROR || judged.row().verdict() == Verdict.NEW;
            Interleaving.Result result = step == null || unjudged ? judged : decided(judged, step, test, session);
            out.add(session.scope().costs() ? Interleaving.withCosts(result, as, bs, session.policy()) : result);
        }
        return out;
    }

    /** Round after round of every undecided benchmark; the sequential test's last step per benchmark. */
    private static Map<BenchmarkKey, SequentialTest.Step> rounds(InterleaveSession session, SessionRounds measured,
                                                                 SequentialTest test, Duration budget)
            throws IOException {
        long started = System.nanoTime();
        Map<BenchmarkKey, SequentialTest.Step> steps = new LinkedHashMap<>();
        Set<BenchmarkKey> budgetSpent = new LinkedHashSet<>();
        InterleaveSession.Scope scope = session.scope();
        List<BenchmarkKey> undecided = scope.keys();
        PrintStream console = session.console();
        for (int round = 1; round <= test.maxRounds() && !undecided.isEmpty(); round++) {
            for (BenchmarkKey key : Rounds.shuffled(undecided, measured.order())) {
                if (round > test.minRounds() && budget != null && System.nanoTime() - started >= budget.toNanos()) {
                    if (budgetSpent.add(key)) console.println(key + ": time budget spent, no round " + round);
                    continue;
                }
                measured.round(session.over(List.of(Engines.byId(key.engine())),
                        List.of(Catalog.workload(key.workload()))),
                        scope.outDir().resolve("round-" + round + "-" + key.engine() + "-" + key.workload() + "-"),
                        "round " + round + " (at most " + test.maxRounds() + "): " + key + " ");
            }
            undecided.removeAll(budgetSpent);
            for (BenchmarkKey key : List.copyOf(undecided)) {
                List<BenchmarkResult> as = measured.of(key, session.a());
                List<BenchmarkResult> bs = measured.of(key, session.b());
                if (!allOk(as) || !allOk(bs) || as.size() != bs.size()) {
                    undecided.remove(key); // judged as failed: more rounds would not mend it
                    continue;
                }
                double[] ratios = new double[as.size()];
                for (int i = 0; i < ratios.length; i++) ratios[i] = bs.get(i).score() / as.get(i).score();
                SequentialTest.Step step = test.decide(ratios, as.get(0).higherIsBetter());
                steps.put(key, step);
                if (step.decision() != SequentialTest.Decision.CONTINUE) {
                    undecided.remove(key);
                    console.println(key + ": " + step.describe(test));
                }
            }
        }
        return steps;
    }

    /**
     * The paired judgement made a REGRESSION where the sequential test accepted one, with the test's decision and what
     * the session resolves: the minimum effect where the test accepted "not worse", else what its paired rounds do.
     */
    private static Interleaving.Result decided(Interleaving.Result judged, SequentialTest.Step step,
                                               SequentialTest test, InterleaveSession session) {
        String why = switch (step.decision()) {
            case UNDECIDED -> ", so judged by the paired test";
            case CONTINUE -> ", time budget spent, so judged by the paired test";
            default -> "";
        };
        ComparisonRow row = judged.row().withMoreNote(step.describe(test) + why);
        if (step.decision() == SequentialTest.Decision.REGRESSION) row = row.withVerdict(Verdict.REGRESSION);
        Interleaving.Result noted = new Interleaving.Result(row, judged.roundRatios(), null);
        Resolution resolution = step.decision() == SequentialTest.Decision.NO_REGRESSION
                ? Resolution.sequential(test, step)
                : Interleaving.pairedResolution(noted, session.policy(), test.beta());
        return noted.resolving(resolution, test.minEffect());
    }

    private static boolean allOk(List<BenchmarkResult> results) {
        return results.stream().allMatch(r -> r.status() == Status.OK && r.score() > 0);
    }
}
