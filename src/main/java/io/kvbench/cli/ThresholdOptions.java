package io.kvbench.cli;

import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import picocli.CommandLine.Option;

/**
 * --alpha and --min-effect over the profile's gate, as the commands that judge results against baselines take them
 * (gate, compare, calibrate; the lab's history-replay): the profile's gate (a shipped profile's thresholds were set
 * from the noise measured with it), with the command line's values on top. Effects are percentages ({@link Percent}),
 * probabilities fractions.
 */
final class ThresholdOptions {

    @Option(names = "--alpha", paramLabel = "P",
            description = "Significance level, a probability (default: the profile's gate, else 0.01).")
    Double alpha;

    @Option(names = "--min-effect", paramLabel = "PERCENT",
            description = "Smallest relative change that counts, in percent: 10 or 10%% (default: the profile's gate, "
                    + "else 10%%).")
    Percent minEffect;

    ThresholdPolicy policy(Profile profile) {
        return policy(profile.gate(), alpha, minEffect);
    }

    /** For results that name their profile: a shipped profile's gate (also under its overrides, "ci+records=N"). */
    ThresholdPolicy policyForProfileName(String profileName) {
        String base = profileName == null ? "" : profileName.split("\\+", 2)[0];
        return policy(Catalog.PROFILES.contains(base) ? Catalog.profile(base).gate() : null, alpha, minEffect);
    }

    static ThresholdPolicy policy(Profile.GateSettings gate, Double alpha, Percent minEffect) {
        Thresholds thresholds = Thresholds.of(gate);
        if (alpha != null) thresholds = thresholds.withAlpha(alpha);
        if (minEffect != null) thresholds = thresholds.withMinEffect(minEffect.fraction());
        return SignificanceTests.of(gate == null ? null : gate.test(), thresholds);
    }
}
