package io.kvbench.baseline;

import io.kvbench.input.BadInputException;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Turning a run into baselines, in two steps so that nothing is written unless everything is right: {@link #plan}
 * checks
 * the run and every existing baseline it would replace and works out the changes; {@link #apply} writes them.
 */
public final class BaselineUpdate {

    /** What happens to one (engine, workload). */
    public enum Kind { NEW, UPDATED, UNCHANGED }

    /** One baseline to be written (or left alone when UNCHANGED); {@code old} is null for NEW. */
    public record Change(Baseline old, Baseline updated) {

        public Kind kind() {
            return old == null ? Kind.NEW : old.sameMeasurementAs(updated) ? Kind.UNCHANGED : Kind.UPDATED;
        }

        public BenchmarkKey key() {
            return updated.key();
        }

        /** (new - old) / old in percent; NaN for NEW. */
        public double deltaPercent() {
            return old == null ? Double.NaN : (updated.score() - old.score()) / old.score() * 100;
        }
    }

    /**
     * The results of the run that become no baseline.
     *
     * @param notApplicable not-applicable results, which never become baselines
     * @param errors        ERROR results left out (only possible with force)
     * @param knownIssues   ERROR results that match a recorded engine bug, with the reference
     */
    private record LeftOut(int notApplicable, int errors, Map<BenchmarkKey, String> knownIssues) {
    }

    private final BaselineStore store;
    private final String profile;
    private final String machineClass;
    private final List<Change> changes;
    private final LeftOut leftOut;
    private final List<DiskBaseline> disk;
    private final List<CostBaseline> costs;
    private final CoverageUpdate coverage;

    /** What is written: the throughput baselines' changes, the disk and cost baselines, the coverage files. */
    private record Writes(List<Change> changes, List<DiskBaseline> disk, List<CostBaseline> costs,
                          CoverageUpdate coverage) {
    }

    private BaselineUpdate(BaselineStore store, String profile, String machineClass, Writes writes, LeftOut leftOut) {
        this.store = store;
        this.profile = profile;
        this.machineClass = machineClass;
        this.changes = List.copyOf(writes.changes());
        this.leftOut = leftOut;
        this.disk = List.copyOf(writes.disk());
        this.costs = List.copyOf(writes.costs());
        this.coverage = writes.coverage();
    }

    /**
     * Checks the run and reads the baselines it would replace; throws IllegalArgumentException (bad input) before
     * anything is written when the run is partial, has errors, or is from another profile than {@code profile}, unless
     * {@code force}, and always when an existing baseline is unreadable (the message names the file).
     *
     * @param profile the profile to record under, or null for the run's own profile
     */
    public static BaselineUpdate plan(RunResults run, BaselineStore store, String profile, String reason, boolean force,
                                      Instant now) throws IOException {
        return plan(run, List.of(run), store, profile, reason, force, now);
    }

    /**
     * @param run     the runs pooled into one (what the throughput baselines record)
     * @param perRun  the runs one by one: every run's footprint and costs go into the disk and cost baselines
     */
    public static BaselineUpdate plan(RunResults run, List<RunResults> perRun, BaselineStore store, String profile,
                                      String reason, boolean force, Instant now) throws IOException {
        if (!force) refuseUnfit(run, profile);
        String target = profile == null ? run.profile() : profile;
        String machineClass = run.machine().machineClass();
        BaselineSet existing = store.load(target, machineClass);
        List<Change> changes = new ArrayList<>();
        int notApplicable = 0;
        int errors = 0;
        Map<BenchmarkKey, String> knownIssues = new TreeMap<>();
        for (BenchmarkResult r : run.results()) {
            if (r.status() == Status.NOT_APPLICABLE) {
                notApplicable++;
            } else if (r.status() == Status.ERROR && KnownIssues.of(r).isPresent()) {
                // A recorded engine bug: reported as such, never recorded, and no reason to refuse the other
                // benchmarks.
                knownIssues.put(BenchmarkKey.of(r), "known engine issue " + KnownIssues.of(r).get().reference());
            } else if (r.status() == Status.ERROR) {
                errors++;
            } else {
                if (r.context() == null) {
                    throw new BadInputException(r.key()
                            + ": field 'context' is missing; a baseline must say what it measured");
                }
                // Fails here, before any write, if a name cannot be a file name.
                store.file(target, machineClass, BenchmarkKey.of(r));
                Baseline updated = Baseline.of(r, target, machineClass, now, reason);
                changes.add(new Change(existing.get(updated.key()), updated));
            }
        }
        changes.sort(Comparator.comparing(Change::key));
        LeftOut leftOut = new LeftOut(notApplicable, errors, knownIssues);
        Map<BenchmarkKey, Baseline> after = new TreeMap<>(existing.baselines());
        for (Change c : changes) after.put(c.key(), c.updated());
        CoverageUpdate coverage = CoverageUpdate.plan(store, target, machineClass, after, knownIssues,
                new CompleteClass.Recorded(now.toString(), reason));
        return new BaselineUpdate(store, target, machineClass,
                new Writes(changes, DiskBaselines.of(perRun, target, reason, now),
                        CostBaselines.of(perRun, target, reason, now), coverage), leftOut);
    }

    private static void refuseUnfit(RunResults run, String profile) {
        String override = " (--force records it anyway)";
        if (!run.complete()) {
            throw new BadInputException("the run is not complete (results.json says complete: false); "
                    + "a partial run cannot become a baseline" + override);
        }
        String failed = run.results().stream().filter(r -> r.status() == Status.ERROR && KnownIssues.of(r).isEmpty())
                .map(BenchmarkResult::key).collect(Collectors.joining(", "));
        if (!failed.isEmpty()) {
            throw new BadInputException("the run has ERROR results (" + failed + "); fix them before recording "
                    + "baselines" + override);
        }
        if (profile != null && !profile.equals(run.profile())) {
            throw new BadInputException("the run is from profile '" + run.profile() + "', not '" + profile
                    + "' (--profile)" + override);
        }
    }

    /**
     * Writes every NEW and UPDATED baseline, the disk and cost baselines of the measured benchmarks and the coverage
     * files, all or nothing as far as the file system allows; then removes a class declaration that no longer holds.
     */
    public void apply() throws IOException {
        Map<Path, String> files = new LinkedHashMap<>(store.contents(
                changes.stream().filter(c -> c.kind() != Kind.UNCHANGED).map(Change::updated).toList()));
        files.putAll(new DiskBaselineStore(store.root()).contents(disk));
        files.putAll(new CostBaselineStore(store.root()).contents(costs));
        files.putAll(coverage.writes());
        AtomicFiles.writeAll(files);
        coverage.withdraw();
    }

    /** ERROR results that match a recorded engine bug: left out and reported, with the reference. */
    public List<String> knownIssues() {
        return leftOut.knownIssues().entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList();
    }

    /** What the update does to the class's declared coverage (class.json, new-benchmarks.json), one line each. */
    public List<String> coverage() {
        return coverage.said();
    }

    /** The disk baselines {@link #apply} writes. */
    public List<DiskBaseline> disk() {
        return disk;
    }

    /** The cost baselines {@link #apply} writes. */
    public List<CostBaseline> costs() {
        return costs;
    }

    public List<Change> changes() {
        return changes;
    }

    public long count(Kind kind) {
        return changes.stream().filter(c -> c.kind() == kind).count();
    }

    public String profile() {
        return profile;
    }

    public String machineClass() {
        return machineClass;
    }

    /** Not-applicable results, which never become baselines. */
    public int notApplicable() {
        return leftOut.notApplicable();
    }

    /** ERROR results left out (only possible with force). */
    public int errors() {
        return leftOut.errors();
    }

    public Path directory() {
        return store.directory(profile, machineClass);
    }
}
