package io.kvbench.gate;

import io.kvbench.result.RunResults;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * How the two sides of one interleaved round run: one after the other, taking turns to go first ({@link #ALTERNATE}),
 * or at the same time, each on its own core ({@link Duet}). Whatever position could favour one side (going first, a
 * core) is balanced over the rounds rather than drawn for each: a draw per round can give one side the same position
 * in most of a session's few rounds, and a position that is slower for a whole session then reads as a slowdown of
 * that side.
 */
public sealed interface RoundSchedule permits RoundSchedule.Alternate, Duet {

    /** One after the other, A first and B first in turn (AB, BA, AB, ...), so that drift cancels within each pair. */
    RoundSchedule ALTERNATE = new Alternate();

    /**
     * Runs side {@code a} and side {@code b} of one round; returns their results, A's first. {@code placement} numbers
     * this round among the rounds of the same benchmarks, from an offset the session draws, so that a schedule can
     * give each side each position equally often. {@code scratch} is a directory of this round the schedule may use
     * (a duet's barrier).
     */
    List<RunResults> run(Interleaving.Side a, Interleaving.Side b, int placement, Path scratch,
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
        public List<RunResults> run(Interleaving.Side a, Interleaving.Side b, int placement, Path scratch,
                SideRun run) throws IOException {
            if ((placement & 1) == 0) {
                RunResults ofA = run.run(a);
                return List.of(ofA, run.run(b));
            }
            RunResults ofB = run.run(b);
            return List.of(run.run(a), ofB);
        }

        @Override
        public String describe() {
            return "A and B one after the other, taking turns to go first";
        }
    }
}
