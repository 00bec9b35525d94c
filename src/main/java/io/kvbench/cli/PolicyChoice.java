package io.kvbench.cli;

import io.kvbench.judge.SignificanceTests;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.judge.Thresholds;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;

/**
 * The comparison policy of the commands that judge results: the profile's gate (a shipped profile's thresholds were
 * set from noise measured with it), with --alpha and --min-effect given on the command line on top.
 */
final class PolicyChoice {

    private PolicyChoice() {
    }

    /** For results that name their profile: a shipped profile's gate, else the defaults. */
    static ThresholdPolicy forProfileName(String profileName, Double alpha, Double minEffect) {
        return forGate(Catalog.PROFILES.contains(profileName) ? Catalog.profile(profileName).gate() : null, alpha, minEffect);
    }

    static ThresholdPolicy forGate(Profile.Gate gate, Double alpha, Double minEffect) {
        Thresholds parameters = Thresholds.of(gate);
        if (alpha != null) parameters = parameters.withAlpha(alpha);
        if (minEffect != null) parameters = parameters.withMinEffect(minEffect);
        return SignificanceTests.of(gate == null ? null : gate.test(), parameters);
    }
}
