package io.kvbench.judge;

import io.kvbench.workload.Profile;
import java.util.List;

/** The comparison policy a profile's gate asks for, by the test it names. */
public final class SignificanceTests {

    public static final List<String> TESTS = List.of(BootstrapPolicy.NAME, WelchPolicy.NAME);

    private SignificanceTests() {
    }

    /** The gate's test and thresholds; the bootstrap policy with the defaults when the profile sets no gate. */
    public static ThresholdPolicy forGate(Profile.Gate gate) {
        return of(gate == null ? null : gate.test(), Thresholds.of(gate));
    }

    /** @param test "bootstrap" (also when null) or "welch" */
    public static ThresholdPolicy of(String test, Thresholds parameters) {
        if (test == null || test.equals(BootstrapPolicy.NAME)) return new BootstrapPolicy(parameters);
        if (test.equals(WelchPolicy.NAME)) return new WelchPolicy(parameters);
        throw new IllegalArgumentException("unknown significance test '" + test + "'; valid tests: " + String.join(", ", TESTS));
    }
}
