package io.kvbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.fixtures.Fixtures;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The alternate schedule takes turns: A first in even placements, B first in odd ones, so that each pair of rounds
 * runs AB and BA and a drift between the two runs of a round falls on both sides alike; its results are A's first
 * whichever ran first. (The duet's balance of cores: DuetTest.)
 */
class RoundScheduleTest {

    @TempDir
    Path tmp;

    @Test
    void alternateTakesTurnsToGoFirst() throws IOException {
        GateTest.ScriptedRunner runner = new GateTest.ScriptedRunner();
        Interleaving.Side a = new Interleaving.Side("A", runner, "A");
        Interleaving.Side b = new Interleaving.Side("B", runner, "B");
        List<String> started = new ArrayList<>();
        List<String> returned = new ArrayList<>();
        for (int placement = 0; placement < 4; placement++) {
            List<RunResults> both = RoundSchedule.ALTERNATE.run(a, b, placement, tmp, side -> {
                started.add(side.name());
                return resultsOf(side.name());
            });
            both.forEach(r -> returned.add(r.runner()));
        }
        assertThat(started).containsExactly("A", "B", "B", "A", "A", "B", "B", "A");
        assertThat(returned).as("A's results first in every round").containsExactly("A", "B", "A", "B", "A", "B",
                "A", "B");
    }

    /** Results whose runner field names the side, so that the order they come back in can be read. */
    private static RunResults resultsOf(String side) {
        return new RunResults(RunResults.SCHEMA_VERSION, true, "smoke", side, "2026-11-26T00:00:00Z",
                Fixtures.machine(Fixtures.MACHINE_CLASS), List.of());
    }
}
