package io.kvbench.gate;

import io.kvbench.result.RunResults;
import io.kvbench.run.Rounds;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * How the two sides of one interleaved round run: one after the other in a random order ({@link #ALTERNATE}), or at
 * the same time, each on its own core ({@link Duet}).
 */
public sealed interface RoundSchedule permits RoundSchedule.Alternate, Duet {

    /** One after the other, in an order drawn anew each round, so that drift between rounds falls on both sides alike.
     * */
    RoundSchedule ALTERNATE = new Alternate();

    /**
     * Runs side {@code a} and side {@code b} of one round; returns their results, A's first. {@code scratch} is a
     * directory of this round the schedule may use (a duet's barrier).
     */
    List<RunResults> run(Interleaving.Side a, Interleaving.Side b, Random order, Path scratch,
            SideRun run) throws IOException;

    /** For people: how the sides of a round ran. */
    String describe();

    /** Runs one side's benchmarks of the round; called from several threads at once by a {@link Duet}. */
    @FunctionalInterface
    interface SideRun {
        RunResults run(Interleaving.Side side) throws IOException;
    }

    final class Alternate implements RoundSchedule {
        private Alternate() {
        }

        @Override
        public List<RunResults> run(Interleaving.Side a, Interleaving.Side b, Random order, Path scratch,
                SideRun run) throws IOException {
            RunResults ofA = null;
            RunResults ofB = null;
            for (Interleaving.Side side : Rounds.shuffled(List.of(a, b), order)) {
                RunResults results = run.run(side);
                if (side == a) ofA = results;
                else ofB = results;
            }
            return List.of(ofA, ofB);
        }

        @Override
        public String describe() {
            return "A and B one after the other, in a random order per round";
        }
    }
}
