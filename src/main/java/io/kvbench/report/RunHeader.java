package io.kvbench.report;

import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.MachineInfo;
import io.kvbench.result.ResultContext;
import io.kvbench.result.RunResults;
import io.kvbench.result.Status;
import io.kvbench.result.Units;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The context every report opens with, drawn from a run: where and how it ran, and how many results it has of each
 * kind. JDK and revision live in each result's context; when results disagree (a merged run), all values are listed.
 * The JDK is the one that ran the benchmarks: the measured results' JDK. Results the host decided without running
 * anything (not applicable, a container that never reported) carry a placeholder such as "unknown (no result from the
 * container)"; listing it beside the real JDK would say the run's JDK is in doubt when it is not.
 */
public record RunHeader(String profile, String runner, Context context, Counts counts, List<EngineSetup> setups) {

    /**
     * Where and when the run ran.
     *
     * @param engines "lmdb 0.9.3, rocksdb 11.8.1": each engine once, by id
     */
    public record Context(String machine, String machineClass, String jdk, String gitRevision, String time,
                          String engines) {
    }

    /** How many results of each kind; {@code complete} when every planned benchmark finished. */
    public record Counts(boolean complete, int measured, int notApplicable, int errors, int knownIssues) {
    }

    static final String UNKNOWN = "unknown";

    public static RunHeader of(RunResults run) {
        MachineInfo machine = run.machine() != null ? run.machine()
                : run.results().stream().map(BenchmarkResult::context).filter(Objects::nonNull)
                        .map(ResultContext::machine).filter(Objects::nonNull).findFirst().orElse(null);
        String time = orUnknown(run.startedAt() != null ? run.startedAt() : distinct(run, ResultContext::time));
        int measured = (int) run.results().stream().filter(WorkloadGroup::measured).count();
        int notApplicable = (int) run.results().stream().filter(r -> r.status() == Status.NOT_APPLICABLE).count();
        int knownIssues = (int) run.results().stream().filter(r -> ResultCells.knownIssue(r).isPresent()).count();
        Context context = new Context(describe(machine), machine == null ? UNKNOWN : orUnknown(machine.machineClass()),
                orUnknown(jdk(run)), orUnknown(distinct(run, ResultContext::gitRevision)), time, engines(run));
        Counts counts = new Counts(run.complete(), measured, notApplicable,
                run.results().size() - measured - notApplicable - knownIssues, knownIssues);
        return new RunHeader(orUnknown(run.profile()), orUnknown(run.runner()), context, counts, EngineSetup.of(run));
    }

    public String machine() {
        return context.machine();
    }

    public String machineClass() {
        return context.machineClass();
    }

    public String jdk() {
        return context.jdk();
    }

    public String gitRevision() {
        return context.gitRevision();
    }

    public String time() {
        return context.time();
    }

    public String engines() {
        return context.engines();
    }

    public boolean complete() {
        return counts.complete();
    }

    public int errors() {
        return counts.errors();
    }

    /** "18 measured, 3 not applicable, 1 error", and ", 1 known issue" when a failure matched a recorded engine bug. */
    public String countsText() {
        int errors = counts.errors();
        int knownIssues = counts.knownIssues();
        return counts.measured() + " measured, " + counts.notApplicable() + " not applicable, " + errors
                + (errors == 1 ? " error" : " errors")
                + (knownIssues == 0 ? "" : ", " + knownIssues + (knownIssues == 1 ? " known issue" : " known issues"));
    }

    /** "Intel(R) Xeon(R) ..., 2 cores, 24 GiB RAM, Linux 6.1". */
    static String describe(MachineInfo m) {
        if (m == null) return UNKNOWN;
        StringBuilder s = new StringBuilder(orUnknown(m.cpuModel()));
        if (m.cores() > 0) s.append(", ").append(m.cores()).append(m.cores() == 1 ? " core" : " cores");
        if (m.memoryBytes() > 0) s.append(", ").append(Units.UNICODE.value(m.memoryBytes(), "B")).append(" RAM");
        if (m.os() != null && !m.os().isBlank()) s.append(", ").append(m.os());
        return s.toString();
    }

    /** "lmdb 0.9.3, rocksdb 11.8.1": each engine once, by id. */
    private static String engines(RunResults run) {
        TreeMap<String, Set<String>> versions = new TreeMap<>();
        for (BenchmarkResult r : run.results()) {
            Set<String> v = versions.computeIfAbsent(Objects.toString(r.engine(), UNKNOWN), e -> new LinkedHashSet<>());
            if (r.context() != null && r.context().engineVersion() != null && !r.context().engineVersion().isBlank()) {
                v.add(r.context().engineVersion());
            }
        }
        return versions.entrySet().stream()
                .map(e -> e.getValue().isEmpty() ? e.getKey() : e.getKey() + " " + String.join("/", e.getValue()))
                .collect(Collectors.joining(", "));
    }

    /** The JDKs of the measured results; of all results when none was measured (then a placeholder is all there is). */
    private static String jdk(RunResults run) {
        String measured = distinct(run.results().stream().filter(WorkloadGroup::measured).toList(), ResultContext::jdk);
        return measured != null ? measured : distinct(run.results(), ResultContext::jdk);
    }

    private static String distinct(RunResults run, Function<ResultContext, String> field) {
        return distinct(run.results(), field);
    }

    private static String distinct(List<BenchmarkResult> results, Function<ResultContext, String> field) {
        String joined = results.stream().map(BenchmarkResult::context).filter(Objects::nonNull).map(field)
                .filter(v -> v != null && !v.isBlank()).distinct().collect(Collectors.joining("; "));
        return joined.isEmpty() ? null : joined;
    }

    private static String orUnknown(String s) {
        return s == null || s.isBlank() ? UNKNOWN : s;
    }
}
