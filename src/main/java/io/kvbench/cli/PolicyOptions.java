package io.kvbench.cli;

import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.workload.Profile;
import picocli.CommandLine.Option;

/** --alpha and --min-effect over the profile's gate, as the commands that judge results take them. */
final class PolicyOptions {

    @Option(names = "--alpha", paramLabel = "P", description = "Significance level (default: the profile's gate, else 0.01).")
    Double alpha;

    @Option(names = "--min-effect", paramLabel = "FRACTION",
            description = "Smallest relative change that counts (0.1 = 10 %%; default: the profile's gate, else 0.1).")
    Double minEffect;

    ThresholdPolicy policy(Profile profile) {
        return PolicyChoice.forGate(profile.gate(), alpha, minEffect);
    }
}
