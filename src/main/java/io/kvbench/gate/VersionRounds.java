package io.kvbench.gate;

import io.kvbench.input.BadInputException;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.FailureKind;
import io.kvbench.result.RunResults;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rounds of {@code kvbench versions}: every round runs every version (a side, named by its version) once, one
 * after the other, in an order rotated by one from round to round and starting where the seed says, so that over
 * every n rounds of n versions each version runs once in each position and the machine's drift over the session hits
 * every version alike. A version whose every result of its first round is a LINKAGE failure (its adapter does not
 * link against that engine version) is left out of the later rounds: it would fail the same way.
 *
 * <p>Side X of round R writes into {@code outDir/round-R-X} and keeps its stores in {@code outDir/data-X}.
 */
public final class VersionRounds {

    private VersionRounds() {
    }

    /**
     * Runs {@code rounds} rounds of the benchmarks of {@code scope} on every side; returns what each side measured,
     * by side name, one RunResults per round it ran, in round order.
     */
    public static Map<String, List<RunResults>> run(List<Interleaving.Side> sides, InterleaveSession.Scope scope,
                                                    int rounds, long seed, PrintStream console) throws IOException {
        if (sides.size() < 2) throw new BadInputException("a series needs at least two sides");
        if (rounds < 2) throw new BadInputException("rounds must be >= 2, not " + rounds);
        int offset = new Random(seed).nextInt(sides.size());
        Map<String, List<RunResults>> measured = new LinkedHashMap<>();
        List<Interleaving.Side> active = new ArrayList<>(sides);
        for (int round = 1; round <= rounds; round++) {
            for (Interleaving.Side side : order(sides, offset + round - 1)) {
                if (!active.contains(side)) continue;
                console.println("round " + round + "/" + rounds + ": " + side.name() + " (" + side.description() + ")");
                String dir = safe(side.name());
                RunResults results = SessionRounds.runSide(side, scope, scope.outDir().resolve("round-" + round + "-"
                        + dir), scope.outDir().resolve("data-" + dir), console);
                measured.computeIfAbsent(side.name(), k -> new ArrayList<>()).add(results);
                if (round == 1 && linksNot(results)) {
                    console.println(side.name() + " does not link: left out of the later rounds");
                    active.remove(side);
                }
            }
        }
        return measured;
    }

    /** The sides in the order of one round: rotated left by {@code shift}. */
    static List<Interleaving.Side> order(List<Interleaving.Side> sides, int shift) {
        List<Interleaving.Side> out = new ArrayList<>();
        for (int i = 0; i < sides.size(); i++) out.add(sides.get((i + shift) % sides.size()));
        return out;
    }

    /** Every result a LINKAGE failure (and at least one result). */
    static boolean linksNot(RunResults results) {
        List<BenchmarkResult> all = results.results();
        return !all.isEmpty() && all.stream().allMatch(r -> r.kind() == FailureKind.LINKAGE);
    }

    /** A version as a directory name. */
    public static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9._-]", "_");
    }
}
