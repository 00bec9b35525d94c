package io.kvbench.report;

import io.kvbench.engine.EngineSettings;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * How one engine of a run was configured, for the header of every report: comparisons mislead without it (LMDB runs
 * without an fsync per commit, RocksDB without a synced WAL). The versions are the run's (results.json); the settings
 * are what this build's adapter declares ({@link EngineSettings}), which is what ran when the report is written by the
 * run itself; a report of older results whose engine version differs from this build's says so.
 *
 * @param engine   engine id
 * @param versions the engine versions the run recorded ("0.9.3"), joined with "/" when several
 * @param nativeVersion the native engine the binding bundles ("LMDB 0.9.33"), empty for an engine written in Java or
 * unknown
 * @param settings the adapter's declaration; empty when this build has no adapter of that id
 * @param caveat   why the settings may not be the run's, empty when they are
 */
public record EngineSetup(String engine, String versions, String nativeVersion, Optional<EngineSettings> settings,
                          String caveat) {

    /** One per engine of the run, by id. */
    public static List<EngineSetup> of(RunResults run) {
        TreeMap<String, Set<String>> versions = new TreeMap<>();
        for (BenchmarkResult r : run.results()) {
            Set<String> v = versions.computeIfAbsent(ResultCells.engine(r), e -> new LinkedHashSet<>());
            String version = r.context() == null ? null : r.context().engineVersion();
            if (version != null && !version.isBlank()) v.add(version);
        }
        return versions.entrySet().stream().map(e -> of(e.getKey(), e.getValue())).toList();
    }

    private static EngineSetup of(String id, Set<String> recorded) {
        String versions = String.join("/", recorded);
        Optional<KvEngine> adapter = Engines.all().stream().filter(e -> e.id().equals(id)).findFirst();
        if (adapter.isEmpty()) {
            return new EngineSetup(id, versions, "", Optional.empty(), "no adapter in this build: settings not known");
        }
        KvEngine engine = adapter.get();
        boolean same = recorded.isEmpty() || recorded.equals(Set.of(engine.version()));
        return new EngineSetup(id, versions, same ? EngineFacts.nativeOf(engine) : "",
                Optional.of(engine.capabilities().settings()),
                same ? "" : "settings as this build declares them for version " + engine.version());
    }

    /** "lmdb 0.9.3 (LMDB 0.9.33)". */
    public String title() {
        return engine + (versions.isEmpty() ? "" : " " + versions)
                + (nativeVersion.isEmpty() ? "" : " (" + nativeVersion + ")");
    }

    /** "sync: ...; memory: ...; compression: ..." and the caveat, if any. */
    public String describe() {
        String text = settings.map(EngineSettings::describe).orElse("");
        if (caveat.isEmpty()) return text;
        return text.isEmpty() ? caveat : text + " (" + caveat + ")";
    }
}
