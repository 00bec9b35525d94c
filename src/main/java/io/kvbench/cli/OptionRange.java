package io.kvbench.cli;

import io.kvbench.input.BadInputException;

/**
 * The one check and wording of a numeric option outside its range, bad input (exit 2): "--cycles must be at least 1,
 * was 0", "--records must be between 1 and 1000000000, was 0", with an optional reason after the range ("--rounds
 * must be at least 2 (interleaving needs repeats), was 1"). An option left out (null) is not checked.
 */
final class OptionRange {

    private OptionRange() {
    }

    static void atLeast(String option, long min, Number value) {
        atLeast(option, min, value, null);
    }

    /** {@code why} (may be null) says why the bound is what it is. */
    static void atLeast(String option, long min, Number value, String why) {
        if (value != null && !(value.doubleValue() >= min)) throw refused(option, "at least " + min, why, value);
    }

    static void between(String option, long min, long max, Number value) {
        if (value != null && !(value.doubleValue() >= min && value.doubleValue() <= max)) {
            throw refused(option, "between " + min + " and " + max, null, value);
        }
    }

    private static IllegalArgumentException refused(String option, String range, String why, Number value) {
        return new BadInputException(option + " must be " + range + (why == null ? "" : " (" + why + ")")
                + ", was " + value);
    }
}
