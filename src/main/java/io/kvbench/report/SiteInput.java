package io.kvbench.report;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.gate.BisectReport;
import io.kvbench.history.ChangeDetection;
import io.kvbench.history.ChangePoint;
import io.kvbench.history.HistoryStore;
import io.kvbench.history.Night;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a results site is built from: the benchmark runs (one per profile, shards already merged), the crash runs, and
 * the nightly history with the change points found in it. Each run and crash run has an id that names its report
 * under {@code runs/}, so that every figure on the site links to the run that produced it.
 *
 * @param runs    benchmark runs, each with its id and the directories it was read from
 * @param crash   crash runs (kills, power cuts, faults), each with its id
 * @param history every series of the nightly history; empty without one
 * @param changes the change points of that history, as {@code kvbench history changes} wrote them; empty if not given
 * @param bisections searches for an engine's first slower version ({@code kvbench bisect}), shown on its page
 */
public record SiteInput(List<Run> runs, List<Crash> crash, List<HistoryStore.Series> history,
                        Optional<ChangeDetection.Report> changes, List<BisectReport> bisections) {

    /** A benchmark run: {@code runs/<id>/report.html} is its report. */
    public record Run(String id, String source, RunResults results) {
    }

    /** A crash run: {@code runs/<id>/report.html} is its report. */
    public record Crash(String id, String source, CrashResults results) {
    }

    /** One engine's crash result, with the run it belongs to. */
    record CrashFinding(Crash run, EngineCrashResult result) {
    }

    public SiteInput {
        runs = List.copyOf(runs);
        crash = List.copyOf(crash);
        history = List.copyOf(history);
        bisections = List.copyOf(bisections);
    }

    /** Every engine that appears anywhere, by id. */
    List<String> engines() {
        TreeSet<String> ids = new TreeSet<>();
        for (Run r : runs) for (BenchmarkResult b : r.results().results()) ids.add(ResultCells.engine(b));
        for (Crash c : crash) for (EngineCrashResult e : c.results().results()) ids.add(e.engine());
        for (HistoryStore.Series s : history) ids.add(s.key().engine());
        for (BisectReport b : bisections) ids.add(b.engine());
        return List.copyOf(ids);
    }

    /** Every workload that was measured or has a history, by name. */
    List<String> workloads() {
        TreeSet<String> names = new TreeSet<>();
        for (Run r : runs) for (BenchmarkResult b : r.results().results()) names.add(b.workload());
        for (HistoryStore.Series s : history) names.add(s.key().workload());
        return List.copyOf(names);
    }

    /** The crash results of one engine, in run order. */
    List<CrashFinding> crashOf(String engine) {
        List<CrashFinding> found = new ArrayList<>();
        for (Crash c : crash) {
            for (EngineCrashResult e : c.results().results()) {
                if (e.engine().equals(engine)) found.add(new CrashFinding(c, e));
            }
        }
        return found;
    }

    /** The change points, newest night first. */
    List<ChangePoint> changePoints() {
        return changes.map(c -> c.changePoints().stream().sorted(Comparator.comparingInt(ChangePoint::nightsSince)
                .thenComparing(ChangePoint::engine).thenComparing(ChangePoint::workload)).toList()).orElse(List.of());
    }

    /** The newest night of the history, if there is one. */
    Optional<Night> newestNight() {
        return history.stream().flatMap(s -> s.nights().stream()).max(Comparator.comparing(Night::instant));
    }
}
