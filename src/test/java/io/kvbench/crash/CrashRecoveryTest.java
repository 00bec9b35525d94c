package io.kvbench.crash;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.engine.Engines;
import io.kvbench.engine.KvEngine;
import io.kvbench.report.CrashReport;
import io.kvbench.infra.KillableContainers;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;

/**
 * Crash recovery of every engine in {@code mvn test}: {@value #DEFAULT_CYCLES} SIGKILLs per engine (100 with
 * {@code mvn verify -Pcrash}), each writer in a fresh container when Docker is available, else a local child JVM (the
 * kill is as real; only the fixed resources are missing, and the run says so). An engine passes when every recovered
 * state kept what its adapter declares it keeps after a process kill; a broken promise fails with the damage, the kept
 * directory and the command that replays it, unless it is a known engine issue (skipped with its reference). Engines
 * run two at a time: a writer is one thread, and the cycles are mostly JVM start-up. Reports go to target/crash-results/
 * (the results of every engine, then one test per engine).
 */
@Tag("crash")
@Tag("container")
class CrashRecoveryTest {

    static final int DEFAULT_CYCLES = 5;
    private static final int CYCLES = Integer.getInteger("kvbench.crash.cycles", DEFAULT_CYCLES);
    private static final int PARALLEL = Integer.getInteger("kvbench.crash.parallel", 2);

    @TestFactory
    Stream<DynamicTest> everyEngineKeepsWhatItPromisedAfterSigkill() throws Exception {
        Optional<String> noDocker = KillableContainers.unavailableReason();
        CrashSuite.Where where = noDocker.isPresent() ? CrashSuite.Where.LOCAL : CrashSuite.Where.CONTAINER;
        noDocker.ifPresent(why -> System.out.println("crash tests: Docker not available (" + why
                + "); writers run as local child JVMs: the SIGKILL is as real, the fixed resources are missing"));
        CrashSuite suite = CrashSuite.prepare(where, null, null, System.out::println);
        long seed = Long.getLong("kvbench.crash.seed", System.nanoTime() & Long.MAX_VALUE);
        List<KvEngine> engines = selectedEngines();
        Path out = Path.of("target", "crash-results").toAbsolutePath();
        System.out.printf("crash tests: %d engines x %d kills, seed %d (replay: -Dkvbench.crash.seed=%d), runner %s%n",
                engines.size(), CYCLES, seed, seed, suite.runner());
        CrashResults results = suite.runAll(engines, CYCLES, seed, CrashSuite.DEFAULT_MAX_KILL_DELAY, out.resolve("crash-data"),
                PARALLEL, partial -> { });
        results.write(out.resolve(CrashResults.FILE));
        CrashReport.write(results, out);
        if (!results.complete()) throw new InterruptedException("crash tests interrupted");
        return results.results().stream().map(r -> DynamicTest.dynamicTest(
                "[" + r.engine() + "] keeps what it promised through " + CYCLES + " SIGKILLs", () -> check(r)));
    }

    private static void check(EngineCrashResult r) {
        String summary = String.format("%s: %s, %d cycles, %d acknowledged, %d promised, lost %d, resurrected %d, corrupt %d, "
                        + "prefix breaks %d, unopenable %d, recovery median %.1f ms", r.engine(), r.verdict(), r.cycles(),
                r.acknowledged(), r.promised(), r.lost(), r.resurrected(), r.corrupt(), r.prefixBreaks(), r.unopenable(),
                r.recoveryMillisMedian());
        System.out.println(summary);
        switch (r.verdict()) {
            case PASS -> { }
            case INFORMATION -> System.out.println("  (information only: " + r.reason() + ")");
            case KNOWN_ISSUE -> abort("known engine issue " + r.reference() + ": " + r.reason());
            case BROKEN_PROMISE, ERROR -> fail(summary + "\n" + r.reason()
                    + (r.examples().isEmpty() ? "" : "\n  " + String.join("\n  ", r.examples()))
                    + (r.keptDirectory() == null ? "" : "\nkept: " + r.keptDirectory())
                    + "\nreplay: " + r.reproduce());
        }
    }

    /** All engines, or those of -Dkvbench.engines. */
    private static List<KvEngine> selectedEngines() {
        String filter = System.getProperty("kvbench.engines", "").trim();
        if (filter.isEmpty()) return Engines.all();
        return Arrays.stream(filter.split(",")).map(String::trim).map(Engines::byId).toList();
    }
}
