package io.kvbench.cli;

import io.kvbench.baseline.Policies;
import io.kvbench.baseline.PolicyParameters;
import io.kvbench.baseline.ThresholdPolicy;
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
        PolicyParameters parameters = PolicyParameters.of(gate);
        if (alpha != null) parameters = parameters.withAlpha(alpha);
        if (minEffect != null) parameters = parameters.withMinEffect(minEffect);
        return Policies.of(gate == null ? null : gate.test(), parameters);
    }
}
