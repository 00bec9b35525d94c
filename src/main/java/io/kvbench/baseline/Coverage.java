package io.kvbench.baseline;

import io.kvbench.engine.Engines;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What the throughput baselines of one profile and machine class promise to cover, and why a benchmark has none: it
 * decides whether a result without a baseline (a NEW row) is a gap that fails the gate or information.
 *
 * @param declared the class's declaration that its baselines are complete ({@link CompleteClass}); null when none
 * @param added    the profile's benchmarks that a change added before their baselines exist ({@link NewBenchmarks})
 * @param unjudged why a benchmark that has data here still has no throughput baseline (a history with too few nights);
 *                 its row is NOT_COMPARED with that reason instead of NEW
 */
public record Coverage(CompleteClass declared, NewBenchmarks added, SortedMap<BenchmarkKey, String> unjudged) {

    /** The command a NEW row's note gives to record its baseline, one --results per run (SuggestedCommandsTest). */
    public static final String RECORD = "kvbench baseline update --results DIR --results DIR --results DIR";

    /** No declaration, nothing added, nothing unjudged. */
    public static final Coverage NONE = new Coverage(null, null, null);

    public Coverage {
        added = added == null ? NewBenchmarks.none(null) : added;
        unjudged = Collections.unmodifiableSortedMap(new TreeMap<>(unjudged == null ? Map.of() : unjudged));
    }

    /** Only the reasons why benchmarks with data have no baseline (a history's). */
    public static Coverage unjudged(Map<BenchmarkKey, String> why) {
        return new Coverage(null, null, new TreeMap<>(why));
    }

    public Coverage withDeclaration(CompleteClass value, NewBenchmarks newBenchmarks) {
        return new Coverage(value, newBenchmarks, unjudged);
    }

    /**
     * True when a result of this benchmark without a throughput baseline is a gap: the class is declared complete and
     * neither the declaration nor new-benchmarks.json explains the missing baseline, and the engine is not opt-in
     * (registered only in builds that can reach its artifacts).
     */
    public boolean requires(BenchmarkKey key) {
        return declared != null && declared.whyWithout(key) == null && added.why(key) == null
                && !unjudged.containsKey(key) && !Engines.OPT_IN.contains(key.engine());
    }

    /** Why this benchmark has no baseline, for its NEW row: whether that fails the gate and what to do about it. */
    public String whyNew(BenchmarkKey key, String profile, String machineClass) {
        String record = "record it from " + CompleteClass.MIN_RUNS + " runs with `" + RECORD + "`";
        if (declared == null) {
            return "no baseline yet; informational: the " + profile + " baselines of machine class " + machineClass
                    + " are not declared complete (no " + CompleteClass.FILE + ", which baseline update writes once "
                    + "every benchmark of the profile has a baseline pooled from " + CompleteClass.MIN_RUNS + " runs)";
        }
        String without = declared.whyWithout(key);
        if (without != null) return "no baseline: " + without;
        String added = this.added.why(key);
        if (added != null) return "no baseline yet: added by a change (" + added + "); " + record;
        if (Engines.OPT_IN.contains(key.engine())) return "no baseline: " + key.engine() + " is an opt-in engine";
        return "no baseline on a machine class whose " + profile + " baselines are declared complete ("
                + CompleteClass.FILE + "): a lost baseline, or a benchmark added without saying so; " + record
                + ", or list \"" + CompleteClass.name(key) + "\" in perf-baselines/" + profile + "/"
                + NewBenchmarks.FILE + " if this change adds it";
    }
}
