package io.kvbench.infra;

import io.kvbench.result.Failure;

/**
 * The benchmark could not be measured for a reason outside the engine and kvbench's code: no Docker engine, no image,
 * a full disk, a container killed for exceeding its memory. Reported as ERROR with a reason starting "infrastructure:",
 * never as a pass and never as a regression.
 */
public final class InfrastructureException extends RuntimeException {

    public InfrastructureException(String message) {
        super(message);
    }

    public InfrastructureException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The reason as recorded in a result. */
    public String reason() {
        return failure().reason();
    }

    /** This failure, of kind INFRASTRUCTURE. */
    public Failure failure() {
        return Failure.infrastructure(getMessage());
    }
}
