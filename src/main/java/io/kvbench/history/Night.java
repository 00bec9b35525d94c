package io.kvbench.history;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.Status;
import java.time.Instant;

/**
 * One line of a history file: what one benchmark measured in one nightly run.
 *
 * @param time   ISO-8601 instant of the run (the night); with {@code commit} it identifies the night
 * @param commit the git SHA that was measured
 * @param result the result as results.json holds it (samples, forks in context.parameters.forks, disk, context)
 */
public record Night(String time, String commit, BenchmarkResult result) {

    public Night {
        Instant.parse(time);
        if (commit == null || commit.isBlank()) {
            throw new BadInputException("a night needs the commit it measured");
        }
    }

    public Instant instant() {
        return Instant.parse(time);
    }

    /** Only OK nights are scores; ERROR and KNOWN_ISSUE nights are kept so the history shows them, never pooled. */
    public boolean ok() {
        return result.status() == Status.OK;
    }

    boolean sameNightAs(Night other) {
        return instant().equals(other.instant()) && commit.equals(other.commit);
    }
}
