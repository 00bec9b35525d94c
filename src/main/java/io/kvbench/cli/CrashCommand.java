package io.kvbench.cli;

import io.kvbench.crash.CrashResults;
import io.kvbench.crash.CrashSuite;
import io.kvbench.crash.EngineCrashResult;
import io.kvbench.crash.Fault;
import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.infra.InfrastructureException;
import io.kvbench.input.BadInputException;
import io.kvbench.report.CrashReport;
import io.kvbench.result.FailureKind;
import io.kvbench.task.ContainerResources;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code kvbench crash}: kill writers with SIGKILL, reopen, and check that nothing the engine promised was lost. */
@Command(name = "crash", mixinStandardHelpOptions = true,
        description = "Crash-recovery test: per engine and --fault, CYCLES times a fresh writer process reopens the "
                + "store, its recovered state is checked against what the previous (killed) writer had acknowledged, "
                + "then it writes until SIGKILL, with the fault around it. Writes crash-results.json, summary.md and "
                + "report.html; exit 1 when an engine broke its declared promise (unless recorded as a known engine "
                + "issue), 3 when only the infrastructure failed (no Docker, no FUSE).")
final class CrashCommand implements Callable<Integer> {

    @Option(names = "--engines", split = ",", paramLabel = "ID",
            description = "Engines to test, comma-separated or repeated (default: every engine; `kvbench engines` "
                    + "lists them).")
    List<String> engines;

    @Option(names = "--cycles", defaultValue = "20", paramLabel = "N",
            description = "Faults per engine and fault (default: ${DEFAULT-VALUE}; the nightly job runs 100).")
    int cycles;

    @Option(names = "--seed", paramLabel = "SEED",
            description = "Seed of the operations and kill delays (default: random, printed; a failure prints the "
                    + "command that replays it).")
    Long seed;

    @Option(names = "--max-kill-delay", defaultValue = "600", paramLabel = "MS",
            description = "Each kill comes a random 0..MS milliseconds after the writer starts writing (default: "
                    + "${DEFAULT-VALUE}).")
    long maxKillDelayMillis;

    @Option(names = "--runner", defaultValue = "auto", paramLabel = "RUNNER",
            description = "Where writers run: ${COMPLETION-CANDIDATES}; auto is a fresh container per writer when "
                    + "Docker is available, else local child JVMs (default: ${DEFAULT-VALUE}).",
            converter = WhereConverter.class, completionCandidates = WhereConverter.Names.class)
    CrashSuite.Where where;

    @Option(names = "--base-image", paramLabel = "IMAGE",
            description = "Base image of the writer containers: a JDK 17 or newer as `java` (newer for an engine "
                    + "built for a newer Java; docs/outside-adapters.md) (default: $KVBENCH_BASE_IMAGE, else "
                    + "kvbench-base:bookworm-jdk17 if present, else eclipse-temurin:17-jdk).")
    String baseImage;

    @Option(names = "--parallel", defaultValue = "1", paramLabel = "N",
            description = "Engines tested at the same time (default: ${DEFAULT-VALUE}; a cycle is mostly JVM start-up, "
                    + "so one engine per core suits).")
    int parallel;

    @Option(names = "--cpuset", paramLabel = "CPUS",
            description = "CPUs the writer containers may use, a Docker cpuset such as 0, 0-3 or 0,2, to keep them off "
                    + "a core that a concurrent benchmark uses (default: all).")
    String cpuset;

    @Option(names = "--fault", split = ",", defaultValue = "process-kill", paramLabel = "FAULT",
            description = "Faults to run, comma-separated, each against every engine, or all. process-kill: SIGKILL of "
                    + "the writer; power-cut: SIGKILL, then unsynced writes and directory entries are dropped; "
                    + "fsync-error: one fsync fails with EIO and its file's unsynced data is dropped, then SIGKILL and "
                    + "a power cut; disk-full: ENOSPC from a random byte on, SIGKILL, the space comes back; reorder: "
                    + "SIGKILL, then a power cut keeping a random subset of unsynced pages; bit-flip and read-error: "
                    + "after a clean close one bit of a synced file flips, or one sector fails reads; "
                    + "kill-in-recovery: SIGKILL, then SIGKILL of the next process while it reopens the store. All but "
                    + "process-kill and kill-in-recovery need FUSE (/dev/fuse, libfuse2) and run local writers. Each "
                    + "engine is held to the promise it declares for the fault, `kvbench engines`; "
                    + "docs/crash-faults.md says more (default: ${DEFAULT-VALUE}).")
    List<String> faultNames;

    @Option(names = "--out", paramLabel = "DIR", description = OutOption.DESCRIPTION)
    Path out;

    @Mixin
    AdapterOption adapters = new AdapterOption();

    @Mixin
    EngineSwapOptions engineBuilds = new EngineSwapOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        OptionRange.atLeast("--cycles", 1, cycles);
        OptionRange.atLeast("--parallel", 1, parallel);
        OptionRange.atLeast("--max-kill-delay", 0, maxKillDelayMillis);
        if (cpuset != null) cpus(cpuset); // before any writer image is built: bad input, not the machine's failure
        List<Fault> faults = faults(faultNames);
        List<KvEngine> selected = engines == null ? Engines.all() : Names.engines(engines);
        Path outDir = OutOption.check(RunOutput.outDir(out, "crash"));
        if (Files.exists(outDir.resolve(CrashResults.FILE))) {
            throw new BadInputException("--out " + outDir + " already holds a " + CrashResults.FILE
                    + "; choose another directory");
        }
        long chosenSeed = seed != null ? seed : new SecureRandom().nextLong() & Long.MAX_VALUE;
        PrintStream console = System.out;
        CrashSuite suite;
        try {
            suite = CrashSuite.prepare(where, baseImage, cpuset, faults, console::println);
        } catch (InfrastructureException e) {
            spec.commandLine().getErr().println("kvbench: " + e.reason());
            return ExitCode.INFRASTRUCTURE.code();
        }
        console.printf("kvbench crash: %d engines x %d x %s, seed %d, runner %s, output %s%n", selected.size(), cycles,
                faults.stream().map(Fault::id).collect(Collectors.joining(", ")), chosenSeed, suite.runner(), outDir);
        Files.createDirectories(outDir);
        CrashSuite.Plan plan = new CrashSuite.Plan(cycles, chosenSeed, Duration.ofMillis(maxKillDelayMillis),
                outDir.resolve("crash-data"), parallel);
        CrashResults results = suite.runAll(selected, plan, partial -> {
                    try {
                        partial.write(outDir.resolve(CrashResults.FILE));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException("cannot write " + outDir.resolve(CrashResults.FILE), e);
                    }
                });
        results.write(outDir.resolve(CrashResults.FILE));
        CrashReport.write(results, outDir);
        java.io.PrintWriter report = spec.commandLine().getOut();
        report.println();
        report.print(CrashReport.text(results));
        report.println("Wrote " + outDir.resolve(CrashResults.FILE) + ", summary.md and report.html");
        report.flush();
        if (!results.complete()) return ExitCode.INFRASTRUCTURE.code();
        return exitCode(results).code();
    }

    /** The faults named, in their declared order, each once; "all" for every fault. Unknown names are bad input. */
    static List<Fault> faults(List<String> names) {
        if (names.contains("all")) return List.of(Fault.values());
        Set<Fault> faults = EnumSet.noneOf(Fault.class);
        List<String> ids = Arrays.stream(Fault.values()).map(Fault::id).toList();
        for (String name : names) {
            String id = name.trim();
            if (!ids.contains(id)) {
                throw new BadInputException("unknown fault '" + id + "'" + Suggestions.didYouMean(id, ids)
                        + "; valid faults: " + String.join(", ", ids) + ", or all");
            }
            faults.add(Fault.of(id));
        }
        return List.copyOf(faults);
    }

    /**
     * 1 when an engine broke a promise or failed; 3 when every failure is the infrastructure's (no Docker, no FUSE, a
     * mount that failed), told by the failure's kind.
     */
    static ExitCode exitCode(CrashResults results) {
        // An ERROR where the engine failed outside durability, not the machine, fails like a broken promise.
        boolean engineFailed = results.results().stream()
                .anyMatch(r -> r.verdict().isError() && r.kind() != FailureKind.INFRASTRUCTURE);
        return engineFailed ? ExitCode.FAILED
                : ExitCode.of(results.results().stream().map(EngineCrashResult::verdict).toList());
    }

    private static void cpus(String cpuset) {
        try {
            ContainerResources.cpus(cpuset);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--cpuset " + cpuset + ": " + e.getMessage(), e);
        }
    }

    /** auto, container, local (lower case on the command line). */
    static final class WhereConverter implements picocli.CommandLine.ITypeConverter<CrashSuite.Where> {
        @Override
        public CrashSuite.Where convert(String value) {
            try {
                return CrashSuite.Where.valueOf(value.trim().toUpperCase(java.util.Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.TypeConversionException(
                        "expected auto, container or local, not '" + value + "'");
            }
        }

        static final class Names implements Iterable<String> {
            @Override
            public java.util.Iterator<String> iterator() {
                return List.of("auto", "container", "local").iterator();
            }
        }
    }
}
