package io.kvbench.calibration;

import io.kvbench.judge.SequentialTest;
import java.util.ArrayList;
import java.util.List;

/**
 * What a runner can resolve per benchmark within a time budget, from its measured A/B sessions: the unchanged
 * sessions' per-round spread and the minutes a round took, put into the sequential test's simulation (normal rounds
 * at that spread, judged as {@code interleave} judges them: the sequential test up to the rounds the budget holds,
 * a session still undecided then by the paired test). Tens of real sessions bound a false-alarm rate only to tens of
 * percent; the simulation at the measured spread says what the rates are if the rounds are as the sessions measured
 * them, and the real sessions' counts check it.
 *
 * @param minutesPerRound both sides' minutes per round, over all of the benchmark's sessions
 * @param rounds          the rounds the budget holds, at most the test's limit
 * @param typical         at the unchanged sessions' median spread; null when the budget holds fewer rounds than the
 *                        test's minimum
 * @param noisiest        at the unchanged sessions' largest spread; null likewise
 */
public record RunnerReach(String engine, String workload, double minutesPerRound, int rounds, Reach typical,
                          Reach noisiest) {

    /** Simulated sessions per false-alarm rate: about +-0.2 % at 1 % (95 %). */
    public static final int ALARM_SESSIONS = 10_000;
    /** Simulated sessions per point of the search for the smallest slowdown caught. */
    static final int SEARCH_SESSIONS = 4_000;
    /** The largest slowdown searched; beyond it the reach is stated as not found (NaN). */
    public static final double LARGEST = 0.5;
    private static final long SEED = 20261126L;

    /**
     * @param spread         the per-round spread of log ratios simulated
     * @param falseAlarms    the share of unchanged sessions that end in a regression
     * @param smallestCaught the smallest slowdown that ends in a regression in at least 1 - beta of the sessions within
     *                       the budget's rounds (NaN: none up to {@link #LARGEST})
     * @param withAllRounds  the same with the test's own round limit: what the budget costs, against the spread
     */
    public record Reach(double spread, double falseAlarms, double smallestCaught, double withAllRounds) {

        /** True when the budget's rounds, not the spread, keep the reach above the test's minimum effect. */
        public boolean budgetLimited(SequentialTest test) {
            return smallestCaught > test.minEffect() && withAllRounds <= test.minEffect();
        }
    }

    /** Per benchmark with unchanged sessions, in the order the sessions ran. */
    public static List<RunnerReach> of(AbSessions data, SequentialTest test, double budgetMinutes) {
        List<RunnerReach> out = new ArrayList<>();
        for (List<AbSessions.Session> sessions : AbFigures.byBenchmark(data).values()) {
            double[] spreads = sessions.stream().filter(AbSessions.Session::unchanged)
                    .mapToDouble(s -> s.outcome().spread()).filter(Double::isFinite).sorted().toArray();
            double minutes = sessions.stream().mapToDouble(s -> s.outcome().minutes()).filter(Double::isFinite).sum();
            int rounds = sessions.stream().filter(s -> Double.isFinite(s.outcome().minutes()))
                    .mapToInt(s -> s.outcome().rounds()).sum();
            if (spreads.length == 0 || rounds == 0) continue;
            double perRound = minutes / rounds;
            int held = (int) Math.min(test.maxRounds(), Math.floor(budgetMinutes / perRound));
            AbSessions.Session first = sessions.get(0);
            boolean enough = held >= test.minRounds();
            out.add(new RunnerReach(first.engine(), first.workload(), perRound, held,
                    enough ? reach(test, held, AbFigures.median(spreads)) : null,
                    enough ? reach(test, held, spreads[spreads.length - 1]) : null));
        }
        return out;
    }

    /** What the test with {@code rounds} as its limit resolves at this spread. */
    static Reach reach(SequentialTest test, int rounds, double spread) {
        SequentialTest budgeted = new SequentialTest(test.alpha(), test.beta(), test.minEffect(), test.minRounds(),
                rounds, test.minSpread());
        double alarms = budgeted.regressionShare(new SequentialTest.Scenario(0, spread), ALARM_SESSIONS, SEED);
        double smallest = smallestCaught(budgeted, spread);
        double withAll = rounds == test.maxRounds() ? smallest : smallestCaught(test, spread);
        return new Reach(spread, alarms, smallest, withAll);
    }

    /**
     * The smallest slowdown caught in at least 1 - beta of the sessions, to 0.1 %, by bisection (the share caught
     * grows with the slowdown; every point draws the same rounds' noise, so the search does not trip on sampling).
     */
    static double smallestCaught(SequentialTest test, double spread) {
        double target = 1 - test.beta();
        if (caught(test, spread, test.minEffect()) >= target) return test.minEffect();
        if (caught(test, spread, LARGEST) < target) return Double.NaN;
        double low = test.minEffect();
        double high = LARGEST;
        while (high - low > 0.0005) {
            double mid = (low + high) / 2;
            if (caught(test, spread, mid) >= target) high = mid;
            else low = mid;
        }
        return Math.ceil(high * 1000 - 1e-9) / 1000;
    }

    private static double caught(SequentialTest test, double spread, double slowdown) {
        return test.regressionShare(new SequentialTest.Scenario(slowdown, spread), SEARCH_SESSIONS, SEED);
    }
}
