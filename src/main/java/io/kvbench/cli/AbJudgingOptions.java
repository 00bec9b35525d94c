package io.kvbench.cli;

import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.workload.Profile;
import picocli.CommandLine.Option;

/**
 * How interleaved rounds are judged pair by pair and ordered, as {@code interleave}, {@code bisect} (through
 * {@link AbSessionOptions}) and {@code versions} take them: the paired test's significance level, the smallest effect
 * that counts, and the seed of the rounds' order.
 */
class AbJudgingOptions {

    @Option(names = "--alpha", defaultValue = "0.01", paramLabel = "P",
            description = "Significance level, a probability: the false-alarm rate aimed at (default: "
                    + "${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--min-effect", defaultValue = "5", paramLabel = "PERCENT",
            description = "Smallest slowdown that counts, in percent: 5 or 5%% (default: ${DEFAULT-VALUE}%%; not the "
                    + "profile's gate threshold, which is for stored baselines from other days).")
    Percent minEffect;

    @Option(names = "--seed", defaultValue = "20261121", paramLabel = "SEED",
            description = "Seed of the order of the benchmarks and of the sides in the rounds: where their turns "
                    + "start (default: ${DEFAULT-VALUE}).")
    long seed;

    /** The profile's gate with this --alpha and --min-effect. */
    ThresholdPolicy policy(Profile profile) {
        return ThresholdOptions.policy(profile.gate(), alpha, minEffect);
    }
}
