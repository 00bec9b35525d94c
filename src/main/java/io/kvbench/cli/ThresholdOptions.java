package io.kvbench.cli;

import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import picocli.CommandLine.Option;

/**
 * --alpha and --min-effect over the profile's gate, as the commands that judge results take them: the profile's gate
 * (a shipped profile's thresholds were set from noise measured with it), with the command line's values on top.
 */
final class ThresholdOptions {

    @Option(names = "--alpha", paramLabel = "P", description = "Significance level (default: the profile's gate, else 0.01).")
    Double alpha;

    @Option(names = "--min-effect", paramLabel = "FRACTION",
            description = "Smallest relative change that counts (0.1 = 10 %%; default: the profile's gate, else 0.1).")
    Double minEffect;

    ThresholdPolicy policy(Profile profile) {
        return policy(profile.gate(), alpha, minEffect);
    }

    /** For results that name their profile: a shipped profile's gate, else the defaults. */
    static ThresholdPolicy policyForProfileName(String profileName, Double alpha, Double minEffect) {
        return policy(Catalog.PROFILES.contains(profileName) ? Catalog.profile(profileName).gate() : null, alpha, minEffect);
    }

    static ThresholdPolicy policy(Profile.Gate gate, Double alpha, Double minEffect) {
        Thresholds thresholds = Thresholds.of(gate);
        if (alpha != null) thresholds = thresholds.withAlpha(alpha);
        if (minEffect != null) thresholds = thresholds.withMinEffect(minEffect);
        return SignificanceTests.of(gate == null ? null : gate.test(), thresholds);
    }
}
