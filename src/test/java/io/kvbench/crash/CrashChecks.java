package io.kvbench.crash;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import io.kvbench.contract.EngineSource;
import io.kvbench.engine.KvEngine;
import io.kvbench.report.CrashReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;

/** What the engine-wide crash tests do with each engine's result: pass, report, abort as a known issue, or fail. */
final class CrashChecks {

    /** Engines at a time: a writer is one thread, and the cycles are mostly JVM start-up. */
    private static final int PARALLEL = Integer.getInteger("kvbench.crash.parallel", 2);

    private CrashChecks() {
    }

    /** Prints the result's line; fails a broken promise or an error with its damage, kept directory and replay. */
    static void check(EngineCrashResult r) {
        EngineCrashResult.Counts c = r.counts();
        EngineCrashResult.Damage d = c.damage();
        EngineCrashResult.FaultEffects e = c.effects();
        String summary = String.format("%s: %s (%s, promise %s%s), %d cycles, %d acknowledged, %d promised, lost %d, "
                        + "resurrected %d, corrupt %d, prefix breaks %d, unopenable %d; fault hit %d, reported %d, "
                        + "wrong data %d, crashed %d; recovery median %.1f ms", r.engine(), r.verdict(), r.fault().id(),
                r.declared().guarantee(), r.declared().prefixPromised() ? ", prefix" : "", c.cycles(), c.acknowledged(),
                c.promised(), d.lost(), d.resurrected(), d.corrupt(), d.prefixBreaks(), d.unopenable(), e.injected(),
                e.reported(), e.wrongData(), e.crashed(), r.recovery().medianMillis());
        System.out.println(summary);
        switch (r.verdict()) {
            case PASS -> { }
            case INFORMATION -> System.out.println("  (information only: " + r.reason() + ")");
            case KNOWN_ISSUE -> abort("known engine issue " + r.judgement().reference() + ": " + r.reason());
            case BROKEN_PROMISE, ERROR -> fail(summary + "\n" + r.kind() + ": " + r.reason()
                    + (r.judgement().examples().isEmpty() ? "" : "\n  " + String.join("\n  ", r.judgement().examples()))
                    + (r.replay().keptDirectory() == null ? "" : "\nkept: " + r.replay().keptDirectory())
                    + "\nreplay: " + r.replay().reproduce());
        }
    }

    /** The seed of every crash test in {@code mvn test}, unless -Dkvbench.crash.seed says otherwise. */
    static final long DEFAULT_SEED = 20261126L;

    /**
     * {@code mvn test} draws the same kills, cuts and faults on every run, so that a failure is the change's and
     * replays, not a rare draw meeting an engine bug nobody recorded yet (those are the nightly's and -Pcrash's to
     * find: they draw a fresh seed). -Dkvbench.crash.seed=N replays N; =random draws one, printed.
     */
    static long seed() {
        String given = System.getProperty("kvbench.crash.seed", "").trim();
        if (given.isEmpty()) return DEFAULT_SEED;
        if (given.equals("random")) return System.nanoTime() & Long.MAX_VALUE;
        return Long.parseLong(given);
    }

    /**
     * Runs every selected engine under {@code fault} ({@code cycles} each, two engines at a time, the {@link #seed()},
     * printed), writes the results and reports to target/{@code outDir}, and returns one test per engine that
     * {@link #check}s its result.
     */
    static Stream<DynamicTest> everyEngine(Fault fault, CrashSuite.Where where, int cycles, String outDir)
            throws InterruptedException, IOException {
        CrashSuite suite = CrashSuite.prepare(where, null, null, List.of(fault), System.out::println);
        long seed = seed();
        List<KvEngine> engines = EngineSource.selected();
        Path out = Path.of("target", outDir).toAbsolutePath();
        System.out.printf("%s tests: %d engines x %d %s, seed %d (replay: -Dkvbench.crash.seed=%d), runner %s%n",
                fault.id(), engines.size(), cycles, fault.nouns(), seed, seed, suite.runner());
        CrashSuite.Plan plan = new CrashSuite.Plan(cycles, seed, CrashSuite.DEFAULT_MAX_KILL_DELAY,
                out.resolve("crash-data"), PARALLEL);
        CrashResults results = suite.runAll(engines, plan, partial -> { });
        results.write(out.resolve(CrashResults.FILE));
        CrashReport.write(results, out);
        if (!results.complete()) throw new InterruptedException(fault.id() + " tests interrupted");
        String name = " keeps what it promised through " + cycles + " " + fault.nouns();
        return results.results().stream().map(r -> DynamicTest.dynamicTest("[" + r.engine() + "]" + name,
                () -> check(r)));
    }

}
