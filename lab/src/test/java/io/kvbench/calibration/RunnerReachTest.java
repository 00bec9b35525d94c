package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.judge.SequentialTest;
import io.kvbench.result.Verdict;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What a runner resolves in a budget, from its sessions' spread and minutes per round: a quiet runner reaches the
 * minimum effect, a noisy one is limited by its spread, a slow one by the rounds the budget holds; the simulated
 * false-alarm rate stays near alpha.
 */
class RunnerReachTest {

    private static final SequentialTest TEST = SequentialTest.withDefaults(0.01, 0.05);

    /** Unchanged sessions of one benchmark at these spreads, each 6 rounds of {@code minutesPerRound}. */
    private static AbSessions sessions(String engine, double minutesPerRound, double... spreads) {
        List<AbSessions.Session> out = new ArrayList<>();
        for (double spread : spreads) {
            out.add(new AbSessions.Session(engine, "ycsb-c", new AbSessions.Level(0, 0), new AbSessions.Outcome(
                    Verdict.PASS, 6, 6 * minutesPerRound, spread, 0, 0.05), "2026-11-26T19:00:00Z"));
        }
        return new AbSessions(AbSessions.SCHEMA_VERSION, new AbSessions.Conditions("ci", "container", "test",
                "amd-epyc-f26-m2-s1-1c-4g", "2026-11-26T19:00:00Z"), List.of(), out, true);
    }

    @Test
    void aQuietRunnerReachesTheMinimumEffectWithFalseAlarmsNearAlpha() {
        RunnerReach r = RunnerReach.of(sessions("rocksdb", 0.3, 0.015, 0.02, 0.025), TEST, 15).get(0);
        assertThat(r.rounds()).as("15 minutes hold 50 rounds of 0.3; the test stops at 30").isEqualTo(30);
        assertThat(r.minutesPerRound()).isEqualTo(0.3, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(r.typical().spread()).isEqualTo(0.02);
        assertThat(r.typical().smallestCaught()).isEqualTo(0.05);
        assertThat(r.typical().falseAlarms()).isLessThanOrEqualTo(0.01);
        assertThat(r.noisiest().spread()).isEqualTo(0.025);
        assertThat(r.typical().budgetLimited(TEST)).isFalse();
    }

    @Test
    void aNoisyRunnerIsLimitedByItsSpreadAndCatchesOnlyLargerSlowdowns() {
        RunnerReach.Reach reach = RunnerReach.reach(TEST, 30, 0.10);
        assertThat(reach.smallestCaught()).as("at a 10 % spread 30 rounds cannot resolve 5 %")
                .isGreaterThan(0.07).isLessThan(0.25);
        assertThat(reach.withAllRounds()).isEqualTo(reach.smallestCaught());
        assertThat(reach.budgetLimited(TEST)).isFalse();
        assertThat(reach.falseAlarms()).isLessThanOrEqualTo(0.015);
        assertThat(RunnerReach.reach(TEST, 30, 0.04).smallestCaught()).as("monotone in the spread")
                .isLessThan(reach.smallestCaught());
    }

    @Test
    void aSlowRoundLimitsTheReachByTheBudget() {
        RunnerReach r = RunnerReach.of(sessions("h2-mvstore", 3.0, 0.04), TEST, 15).get(0);
        assertThat(r.rounds()).as("15 minutes hold 5 rounds of 3").isEqualTo(5);
        assertThat(r.typical().smallestCaught()).isGreaterThan(0.05);
        assertThat(r.typical().withAllRounds()).isEqualTo(0.05);
        assertThat(r.typical().budgetLimited(TEST)).isTrue();

        RunnerReach tooSlow = RunnerReach.of(sessions("h2-mvstore", 5.0, 0.02), TEST, 15).get(0);
        assertThat(tooSlow.rounds()).as("3 rounds: below the test's minimum of 4").isEqualTo(3);
        assertThat(tooSlow.typical()).isNull();
    }

    @Test
    void aSessionUndecidedAtTheBudgetsLimitIsJudgedByThePairedTest() {
        SequentialTest fiveRounds = new SequentialTest(0.01, 0.05, 0.05, 4, 5, SequentialTest.DEFAULT_MIN_SPREAD);
        SequentialTest.Scenario slower = new SequentialTest.Scenario(0.10, 0.04);
        SequentialTest.Simulation sequentialOnly = fiveRounds.simulate(slower, 4_000, 7);
        assertThat(sequentialOnly.undecidedRate()).as("5 rounds leave sessions undecided").isGreaterThan(0.05);
        assertThat(fiveRounds.regressionShare(slower, 4_000, 7))
                .as("the paired test catches some of those, as interleave's verdict does")
                .isGreaterThan(sequentialOnly.regressionRate());
        assertThat(fiveRounds.regressionShare(new SequentialTest.Scenario(0, 0.04), 10_000, 7))
                .as("and raises no more false alarms than alpha").isLessThanOrEqualTo(0.012);
    }
}
