package io.kvbench.baseline;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a baseline update does to the coverage files ({@link CoverageStore}): it declares the machine class complete
 * ({@link CompleteClass}) when every benchmark of the profile now has a baseline pooled from
 * {@link CompleteClass#MIN_RUNS} runs or its runs hit a recorded engine issue, withdraws a declaration that no longer
 * holds, and removes from new-benchmarks.json what every complete class of the profile now has a baseline for.
 * Planned before anything is written, so that the update stays all or nothing.
 */
final class CoverageUpdate {

    private final Map<Path, String> writes;
    private final Path withdrawn;
    private final List<String> said;

    private CoverageUpdate(Map<Path, String> writes, Path withdrawn, List<String> said) {
        this.writes = writes;
        this.withdrawn = withdrawn;
        this.said = said;
    }

    /**
     * @param after       the class's baselines as the update leaves them
     * @param knownIssues benchmarks of this update whose runs hit a recorded engine issue, with the reference
     * @param recorded    when and why (the update's reason)
     */
    static CoverageUpdate plan(BaselineStore store, String profile, String machineClass,
                               Map<BenchmarkKey, Baseline> after, Map<BenchmarkKey, String> knownIssues,
                               CompleteClass.Recorded recorded) throws IOException {
        CoverageStore files = new CoverageStore(store);
        List<String> said = new ArrayList<>();
        Map<Path, String> writes = new LinkedHashMap<>();
        if (!Catalog.PROFILES.contains(profile)) {
            said.add("coverage: " + profile + " is not a shipped profile, so no " + CompleteClass.FILE + " is written");
            return new CoverageUpdate(writes, null, said);
        }
        Profile p = Catalog.profile(profile);
        CompleteClass before = files.declaration(profile, machineClass);
        List<String> covered = new ArrayList<>();
        Map<String, String> without = new TreeMap<>();
        List<String> lacking = new ArrayList<>();
        for (BenchmarkKey key : expected(p)) {
            String name = CompleteClass.name(key);
            Baseline b = after.get(key);
            if (b != null && runsPooled(b, p.forks()) >= CompleteClass.MIN_RUNS) covered.add(name);
            else if (b == null && knownIssues.containsKey(key)) without.put(name, knownIssues.get(key));
            else if (b == null && before != null && before.whyWithout(key) != null) {
                without.put(name, before.whyWithout(key));
            } else {
                lacking.add(name + (b == null ? " (no baseline)" : " (" + runsPooled(b, p.forks()) + " runs)"));
            }
        }
        Path declaration = files.declarationFile(profile, machineClass);
        Path withdrawn = null;
        boolean complete = lacking.isEmpty();
        if (complete) {
            writes.put(declaration, CoverageStore.toJson(new CompleteClass(CompleteClass.SCHEMA_VERSION, profile,
                    machineClass, CompleteClass.MIN_RUNS, covered, without, recorded)));
            said.add("coverage: the " + profile + " baselines of " + machineClass + " are complete (" + covered.size()
                    + " benchmarks, " + without.size() + " without a baseline for a known issue): " + declaration
                    + "; a benchmark without a baseline now fails the gate on this class");
        } else {
            String gaps = String.join(", ", lacking.subList(0, Math.min(5, lacking.size())))
                    + (lacking.size() > 5 ? " and " + (lacking.size() - 5) + " more" : "");
            said.add("coverage: not complete (" + lacking.size() + " benchmarks lack a baseline of "
                    + CompleteClass.MIN_RUNS + " runs: " + gaps + "), so a benchmark without a baseline stays "
                    + "informational on " + machineClass);
            if (Files.isRegularFile(declaration)) {
                withdrawn = declaration;
                said.add("coverage: " + declaration + " withdrawn: it no longer holds");
            }
        }
        prune(store, files, profile, machineClass, complete ? after : null, writes, said);
        return new CoverageUpdate(writes, withdrawn, said);
    }

    /**
     * Removes from new-benchmarks.json every benchmark that each complete class (this one by {@code after}, null when
     * it is not complete; the others by their files) now has a baseline for.
     */
    private static void prune(BaselineStore store, CoverageStore files, String profile, String machineClass,
                              Map<BenchmarkKey, Baseline> after, Map<Path, String> writes, List<String> said)
            throws IOException {
        NewBenchmarks listed = files.newBenchmarks(profile);
        List<String> others = new ArrayList<>(files.declaredClasses(profile));
        others.remove(machineClass);
        if (listed.benchmarks().isEmpty() || after == null && others.isEmpty()) return;
        Map<String, String> kept = new TreeMap<>();
        for (Map.Entry<String, String> entry : listed.benchmarks().entrySet()) {
            BenchmarkKey key = CoverageStore.name(files.newBenchmarksFile(profile), "benchmarks", entry.getKey());
            boolean everywhere = after == null || after.containsKey(key);
            for (String other : others) everywhere &= store.find(profile, other, key).isPresent();
            if (everywhere) {
                said.add("coverage: " + entry.getKey() + " removed from " + NewBenchmarks.FILE
                        + ": every complete class has its baseline");
            } else {
                kept.put(entry.getKey(), entry.getValue());
            }
        }
        if (kept.size() != listed.benchmarks().size()) {
            writes.put(files.newBenchmarksFile(profile), CoverageStore.toJson(
                    new NewBenchmarks(NewBenchmarks.SCHEMA_VERSION, profile, kept)));
        }
    }

    /** Every benchmark of the profile: its engines (all that are not opt-in) on each of its workloads they can run. */
    static List<BenchmarkKey> expected(Profile profile) {
        List<KvEngine> engines = profile.defaultEngines().isEmpty() ? Engines.all()
                : profile.defaultEngines().stream().map(Engines::byId).toList();
        List<Workload> workloads = profile.defaultWorkloads().isEmpty() ? Catalog.workloads()
                : profile.defaultWorkloads().stream().map(Catalog::workload).toList();
        List<BenchmarkKey> out = new ArrayList<>();
        for (KvEngine e : engines) {
            if (Engines.OPT_IN.contains(e.id())) continue;
            for (Workload w : workloads) {
                if (w.unsupportedReason(e.capabilities()) == null) out.add(new BenchmarkKey(e.id(), w.name()));
            }
        }
        return out;
    }

    /** How many runs a baseline pools: its forks over the profile's forks per run (1 when it does not say). */
    static int runsPooled(Baseline baseline, int forksPerRun) {
        String forks = baseline.context() == null || baseline.context().parameters() == null ? null
                : baseline.context().parameters().get("forks");
        try {
            return forks == null ? 1 : Math.max(1, Integer.parseInt(forks) / Math.max(1, forksPerRun));
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    /** The files to write with the baselines (class.json, new-benchmarks.json), by path. */
    Map<Path, String> writes() {
        return writes;
    }

    /** Removes a declaration that no longer holds; call after the baselines are written. */
    void withdraw() throws IOException {
        if (withdrawn != null) Files.deleteIfExists(withdrawn);
    }

    /** What it did, one line each, for the console. */
    List<String> said() {
        return said;
    }
}
