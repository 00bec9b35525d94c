package io.kvbench.cli;

import io.kvbench.baseline.Formats;
import io.kvbench.bench.DelayedEngine;
import io.kvbench.calibration.AbCampaign;
import io.kvbench.calibration.AbSessions;
import io.kvbench.calibration.SessionConditions;
import io.kvbench.engine.KvEngine;
import io.kvbench.gate.InterleaveSession;
import io.kvbench.gate.Interleaving;
import io.kvbench.gate.RoundSchedule;
import io.kvbench.judge.SequentialTest;
import io.kvbench.judge.ThresholdPolicy;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.DelayedRunner;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * {@code calibrate --ab-sessions N} from the command's options: each session is built as {@code interleave} builds
 * one (the same schedule, sequential test and policy), with B's engine calls delayed per variant ({@link
 * DelayedRunner}) and the campaign's conditions around it ({@link SessionConditions}).
 */
final class AbCampaigns {

    /** interleave's defaults, which the A/B is measured with unless --alpha or --min-effect say otherwise. */
    static final double ALPHA = 0.01;
    static final double MIN_EFFECT = 0.05;

    private AbCampaigns() {
    }

    /** The sequential test the campaign's sessions run: interleave's, at the command's alpha and minimum effect. */
    static SequentialTest test(CalibrateCommand c) {
        return c.ab.test(alpha(c), minEffect(c));
    }

    private static double alpha(CalibrateCommand c) {
        return c.thresholds.alpha != null ? c.thresholds.alpha : ALPHA;
    }

    private static double minEffect(CalibrateCommand c) {
        return c.thresholds.minEffect != null ? c.thresholds.minEffect.fraction() : MIN_EFFECT;
    }

    static AbSessions measure(CalibrateCommand c, Path outDir) throws IOException {
        Profile chosen = c.sizes.apply(Names.profile(c.profile));
        double alpha = alpha(c);
        double minEffect = minEffect(c);
        ThresholdPolicy policy = ThresholdOptions.policy(chosen.gate(), alpha, new Percent(minEffect * 100));
        SequentialTest test = test(c);
        SessionConditions conditions = c.around.conditions();
        PrintStream console = System.out;
        BenchmarkRunner base = c.where.choose(console);
        RoundSchedule schedule = c.ab.schedule(base);
        AbCampaign.Plan plan = new AbCampaign.Plan(Names.engines(c.engines), Names.workloads(c.workloads), chosen,
                c.slowdowns.stream().map(Percent::fraction).toList(), c.abSessions,
                Duration.ofSeconds(Math.round(c.budgetMinutes * 60)));
        Files.createDirectories(outDir);
        String around = conditions.describe().isEmpty() ? "" : "; " + conditions.describe();
        String how = "sequential test (alpha " + alpha + ", beta " + test.beta() + ", minimum effect "
                + Formats.number(minEffect * 100) + " %, " + test.minRounds() + " to " + test.maxRounds() + " rounds); "
                + schedule.describe() + around;
        console.printf("kvbench calibrate --ab-sessions %d: %d engines x %d workloads x %d variants, profile %s, "
                        + "runner %s, budget %s min, output %s%n", c.abSessions, plan.engines().size(),
                plan.workloads().size(), plan.slowdowns().size() + 1, chosen.name(), base.name(), c.budgetMinutes,
                outDir);
        try (PrintStream log = new PrintStream(Files.newOutputStream(outDir.resolve("ab-sessions.log")), true)) {
            AbCampaign.Sessions sessions = (engine, workload, delay, dir) -> InterleaveSession.builder()
                    .engines(List.of(engine)).workloads(List.of(workload)).profile(chosen).outDir(dir)
                    .sides(new Interleaving.Side("A", conditions.side(base), "unchanged"),
                            new Interleaving.Side("B", conditions.side(delayed(base, engine, delay)),
                                    delay == 0 ? "unchanged" : "engine calls delayed by " + delay + " ns"))
                    .schedule(schedule).seed(20261126L).policy(policy).console(log).build();
            AbCampaign campaign = new AbCampaign(plan, base, sessions, new AbCampaign.Output(test, outDir, console))
                    .around(conditions);
            return campaign.run(new AbSessions.Conditions(chosen.name(), base.name(), how, "",
                    Instant.now().toString()));
        }
    }

    /**
     * {@code base} with its benchmark JVMs' calls of {@code engine} delayed by {@code nanos} (the lab's
     * {@link DelayedEngine}); {@code base} itself for 0.
     */
    static BenchmarkRunner delayed(BenchmarkRunner base, KvEngine engine, long nanos) {
        return nanos == 0 ? base
                : new DelayedRunner(AbOptions.side(base, null, List.of(DelayedEngine.flag(engine.id(), nanos))));
    }
}
