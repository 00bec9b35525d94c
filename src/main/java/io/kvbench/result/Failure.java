package io.kvbench.result;

import java.util.Objects;

/**
 * Why a benchmark or a crash test failed: its kind, decided where it failed, and one line for people.
 *
 * @param kind   what failed
 * @param reason why, with what was found; an infrastructure reason starts with {@value #INFRASTRUCTURE_PREFIX}
 */
public record Failure(FailureKind kind, String reason) {

    /** How an infrastructure failure's reason starts, for the people reading it. */
    public static final String INFRASTRUCTURE_PREFIX = "infrastructure: ";

    public Failure {
        Objects.requireNonNull(kind, "a failure's kind");
    }

    /** The machine failed, not the engine. */
    public static Failure infrastructure(String why) {
        return new Failure(FailureKind.INFRASTRUCTURE, INFRASTRUCTURE_PREFIX + why);
    }
}
