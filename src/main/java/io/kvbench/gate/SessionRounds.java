package io.kvbench.gate;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.infra.Directories;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.RunLayout;
import io.kvbench.result.RunResults;
import io.kvbench.run.Progress;
import io.kvbench.run.RunLoop;
import io.kvbench.run.RunPlan;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The rounds of one interleave session and what they measured, per benchmark and side, in round order. The order of
 * the benchmarks (where the caller shuffles them) and where the sides' placements start come from one seeded source,
 * so a rerun with the same seed runs the same order. Each side's stores live in {@code outDir/data-A} and {@code
 * outDir/data-B} for the whole session.
 */
final class SessionRounds {

    private final InterleaveSession session;
    private final Random order;
    private final Map<BenchmarkKey, Map<String, List<BenchmarkResult>>> measured = new LinkedHashMap<>();
    /** Rounds run so far per set of benchmarks run together: where each set is in its schedule's placements. */
    private final Map<List<BenchmarkKey>, Integer> roundsOf = new HashMap<>();
    /** Where in the placements the session starts (0-3), drawn from the seed: no position is always the first. */
    private final int placementOffset;

    SessionRounds(InterleaveSession session) {
        this.session = session;
        this.order = new Random(session.seed());
        this.placementOffset = order.nextInt(4);
    }

    /** Where one side's stores live: {@code outDir/data-X}, so that a duet's sides never share a store. */
    private Path dataDir(Interleaving.Side side) {
        return session.scope().outDir().resolve("data-" + side.name());
    }

    Random order() {
        return order;
    }

    /** Every benchmark measured so far, in the order first measured. */
    List<BenchmarkKey> keys() {
        return List.copyOf(measured.keySet());
    }

    /** The results of one side of one benchmark, in round order, as the session's metric judges them. */
    List<BenchmarkResult> of(BenchmarkKey key, Interleaving.Side side) {
        List<BenchmarkResult> results = measured.getOrDefault(key, Map.of()).getOrDefault(side.name(), List.of());
        return session.scope().metric().view(results);
    }

    /** Runs every benchmark of {@code over} for {@code rounds} rounds; their directories start with {@code prefix}. */
    void measure(InterleaveSession over, String prefix, int rounds) throws IOException {
        for (int round = 1; round <= rounds; round++) {
            String label = prefix + "round " + round + "/" + rounds + ": ";
            round(over, session.scope().outDir().resolve(prefix + "round-" + round + "-"), label);
        }
    }

    /**
     * One round of the benchmarks of {@code over}, both sides as the schedule says; side X writes into
     * {@code dirPrefix + X} ({@code round-3-B}) and its stores into {@code outDir/data-X}, so that a duet's sides never
     * share a store.
     */
    void round(InterleaveSession over, Path dirPrefix, String label) throws IOException {
        Path scratch = dirPrefix.resolveSibling(dirPrefix.getFileName() + "scratch");
        InterleaveSession.Scope scope = over.scope();
        int placement = placementOffset + roundsOf.merge(scope.keys(), 1, Integer::sum) - 1;
        List<RunResults> both = session.schedule().run(session.a(), session.b(), placement, scratch, side -> {
            session.console().println(label + side.name() + " (" + side.description() + ")");
            return runSide(side, scope, dirPrefix.resolveSibling(dirPrefix.getFileName() + side.name()),
                    dataDir(side), session.console());
        });
        Directories.deleteIfEmpty(scratch);
        record(both.get(0), session.a());
        record(both.get(1), session.b());
    }

    /**
     * One side's run of every benchmark of {@code scope}: its results.json in {@code dir} (checkpointed after every
     * benchmark), its stores in {@code dataDir}.
     */
    static RunResults runSide(Interleaving.Side side, InterleaveSession.Scope scope, Path dir, Path dataDir,
                              PrintStream console) throws IOException {
        RunLayout layout = new RunLayout(dir);
        RunPlan plan = new RunPlan(scope.engines(), scope.workloads(), scope.profile(), layout.dir(), dataDir);
        RunResults results = RunLoop.run(side.runner(), plan, new Progress(console, plan.size()),
                partial -> ResultsJson.write(layout.results(), partial));
        ResultsJson.write(layout.results(), results);
        return results;
    }

    private void record(RunResults results, Interleaving.Side side) {
        for (BenchmarkResult r : results.results()) {
            measured.computeIfAbsent(BenchmarkKey.of(r), k -> new LinkedHashMap<>())
                    .computeIfAbsent(side.name(), k -> new ArrayList<>()).add(r);
        }
    }
}
