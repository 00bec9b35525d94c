package io.kvbench.judge;

import io.kvbench.input.BadInputException;
import io.kvbench.workload.Profile;
import java.util.List;

/**
 * The significance tests a gate can name ("bootstrap", "welch"), each mapped to the policy that uses it: the one place
 * a test name from a profile or --test becomes a {@link ThresholdPolicy}.
 */
public final class SignificanceTests {

    public static final List<String> TESTS = List.of(BootstrapPolicy.NAME, WelchPolicy.NAME);

    private SignificanceTests() {
    }

    /** The gate's test and thresholds; the bootstrap policy with the defaults when the profile sets no gate. */
    public static ThresholdPolicy forGate(Profile.GateSettings gate) {
        return of(gate == null ? null : gate.test(), Thresholds.of(gate));
    }

    /** @param test "bootstrap" (also when null) or "welch" */
    public static ThresholdPolicy of(String test, Thresholds thresholds) {
        if (test == null || test.equals(BootstrapPolicy.NAME)) return new BootstrapPolicy(thresholds);
        if (test.equals(WelchPolicy.NAME)) return new WelchPolicy(thresholds);
        throw new BadInputException("unknown significance test '" + test + "'; valid tests: "
                + String.join(", ", TESTS));
    }
}
