package io.kvbench.cli;

import io.kvbench.gate.InterleaveReport;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.JudgedMetric;
import io.kvbench.gate.SequentialInterleaving;
import io.kvbench.judge.SequentialTest;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.report.InterleaveMarkdown;
import io.kvbench.result.AtomicFiles;
import io.kvbench.result.ResultsJson;
import io.kvbench.result.Verdict;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Option;

/**
 * How one A/B session judges B against A ({@link AbJudgingOptions} and its time budget), and the sides' benchmark JVM
 * flags, as {@code interleave} and each step of {@code bisect} take them; and the one way a session is run, judged
 * and written ({@link #measure}).
 */
final class AbSessionOptions extends AbJudgingOptions {

    @Option(names = "--budget-minutes", paramLabel = "MINUTES",
            description = "Sequential: start no round after this many minutes (each benchmark still gets "
                    + "--min-rounds); a benchmark still undecided then is judged by the paired test on its rounds, so "
                    + "that a CI step ends with a verdict before its timeout (default: no budget).")
    Double budgetMinutes;

    @Option(names = "--a-jvm-flag", paramLabel = "FLAG",
            description = "Benchmark JVM flag of A, repeatable; write --a-jvm-flag=-XX:... (default: none).")
    List<String> aJvmFlags = List.of();

    @Option(names = "--b-jvm-flag", paramLabel = "FLAG",
            description = "Benchmark JVM flag of B, repeatable; write --b-jvm-flag=-XX:... (default: none).")
    List<String> bJvmFlags = List.of();

    @Option(names = "--metric", paramLabel = "METRIC", defaultValue = JudgedMetric.TIME_NAME,
            description = "What B is judged against A on: time (each benchmark's score), or a cost recorded beside it, "
                    + "B's value over A's per round, by the same paired test and sequential test: alloc.bytes.op, "
                    + "cpu.thread.ns.op, io.write.bytes, write.amplification, disk.bytes, rss.peak.bytes, "
                    + "native.bytes or syncs.op (a cost that does not depend on the CPU, as allocation per operation, "
                    + "decides in fewer rounds; default: ${DEFAULT-VALUE}). In an A/B session (not a bisection step), "
                    + "whatever it judges, B's alloc.bytes.op, write.amplification and syncs.op are also judged "
                    + "against A's rounds as the gate judges them against a cost baseline: above the profile's "
                    + "tolerance, the row is a REGRESSION.")
    String metric;

    /** What --metric names. */
    JudgedMetric metric() {
        return JudgedMetric.of(metric);
    }

    /** The profile's gate with this --alpha and --min-effect, after --budget-minutes and --metric are checked. */
    @Override
    ThresholdPolicy policy(Profile profile) {
        OptionRange.atLeast("--budget-minutes", 0, budgetMinutes);
        metric();
        return super.policy(profile);
    }

    /** null: no budget. */
    Duration budget() {
        return budgetMinutes == null ? null : Duration.ofMillis(Math.round(budgetMinutes * 60_000));
    }

    /** "4 to 30 rounds (sequential, budget 20.0 min)", or "6 rounds", for the first line of a session. */
    String roundsPlan(AbOptions ab, Integer rounds) {
        return rounds != null ? rounds + " rounds" : ab.minRounds + " to " + ab.maxRounds + " rounds (sequential"
                + (budgetMinutes == null ? "" : ", budget " + budgetMinutes + " min") + ")";
    }

    /**
     * Runs the session, fixed rounds (with confirmations) when {@code rounds} is given, else by the sequential test
     * within the budget; writes interleave.json and interleave.md into the session's output directory.
     *
     * @param confirmations with fixed rounds: null for the default, one
     */
    InterleaveReport measure(InterleaveSession session, ThresholdPolicy policy, SequentialTest test, Integer rounds,
                             Integer confirmations) throws IOException {
        long started = System.nanoTime();
        List<Interleaving.Result> results = rounds != null
                ? Interleaving.run(session, rounds, confirmations == null ? 1 : confirmations)
                : SequentialInterleaving.run(session, test, budget());
        int roundsRun = results.stream().mapToInt(r -> r.roundRatios().size()).max().orElse(0);
        double minutes = (System.nanoTime() - started) / 60e9;
        Map<Verdict, Long> counts = results.stream()
                .collect(Collectors.groupingBy(r -> r.row().verdict(), Collectors.counting()));
        InterleaveReport report = new InterleaveReport(session.scope().profile().name(),
                rounds != null ? rounds : roundsRun,
                new InterleaveReport.Configurations(session.a().description(), session.b().description()),
                new InterleaveReport.Judging(judgedOn(session) + policy.describe() + "; "
                        + session.schedule().describe(), policy.thresholds().alpha(), session.scope().metric().name()),
                counts, results, minutes);
        Path outDir = session.scope().outDir();
        ResultsJson.write(outDir.resolve(InterleaveReport.JSON_FILE), report);
        AtomicFiles.writeString(outDir.resolve(InterleaveReport.MARKDOWN_FILE), InterleaveMarkdown.markdown(report));
        return report;
    }

    /** "judged on alloc.bytes.op + 256; " for a session judged on a cost, nothing for one judged on time. */
    private static String judgedOn(InterleaveSession session) {
        JudgedMetric judged = session.scope().metric();
        return judged.equals(JudgedMetric.TIME) ? "" : "judged on " + judged.judged() + "; ";
    }

    /** A side's description with its JVM flags. */
    static String describe(String classPath, List<String> flags) {
        return classPath + (flags.isEmpty() ? "" : ", JVM flags " + String.join(" ", flags));
    }
}
