package io.kvbench.crash;

import io.kvbench.infra.InfrastructureException;

/**
 * A failure found in a crash loop: its kind, decided where it was found, and the reason for people.
 *
 * @param kind   what failed
 * @param reason why, with the cycle and the damage
 */
record Failure(FailureKind kind, String reason) {

    static Failure infrastructure(InfrastructureException e) {
        return new Failure(FailureKind.INFRASTRUCTURE, e.reason());
    }

    static Failure infrastructure(String why) {
        return new Failure(FailureKind.INFRASTRUCTURE, InfrastructureException.PREFIX + why);
    }
}
