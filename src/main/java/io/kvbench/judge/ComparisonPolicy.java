package io.kvbench.judge;

import io.kvbench.baseline.Baseline;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Verdict;

/**
 * Decides whether one measured result regressed against its baseline. Only ever called for an OK result that has a
 * baseline; NEW, MISSING, ERROR and not-applicable rows are decided by {@link BaselineComparison} before a policy is
 * asked, so a replacement policy only has to judge numbers.
 */
public interface ComparisonPolicy {

    Assessment assess(Baseline baseline, BenchmarkResult measured);

    /** One line saying how it decides and with which parameters, recorded next to the verdicts. */
    String describe();

    /**
     * Whether a result should be measured again before its verdict stands ({@link Confirmation}): a REGRESSION must
     * survive its reruns.
     */
    default boolean suspect(Baseline baseline, BenchmarkResult measured, Assessment assessment) {
        return assessment.verdict() == Verdict.REGRESSION;
    }

    /** The thresholds it decides with; {@link CostCheck} takes its cost tolerances from them. */
    default Thresholds thresholds() {
        return Thresholds.DEFAULTS;
    }

    /** JMH forks a confirmation rerun measures, given the forks the profile runs with. */
    default int confirmationForks(Baseline baseline, int profileForks) {
        return profileForks;
    }
}
