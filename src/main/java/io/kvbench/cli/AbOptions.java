package io.kvbench.cli;

import io.kvbench.gate.Duet;
import io.kvbench.gate.RoundSchedule;
import io.kvbench.input.BadInputException;
import io.kvbench.judge.SequentialTest;
import io.kvbench.run.BenchmarkRunner;
import io.kvbench.run.ClassPathRunner;
import io.kvbench.run.ContainerRunner;
import io.kvbench.run.DuetSlot;
import io.kvbench.run.LocalRunner;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How an A/B session runs its rounds, as {@code interleave} and the lab's A/B campaigns take it alike: the schedule
 * of a round's two sides and the sequential test's round limits and miss rate.
 */
final class AbOptions {

    @Option(names = "--min-rounds", defaultValue = "" + SequentialTest.DEFAULT_MIN_ROUNDS, paramLabel = "N",
            description = "Sequential: rounds before any decision (default: ${DEFAULT-VALUE}).")
    int minRounds;

    @Option(names = "--max-rounds", defaultValue = "" + SequentialTest.DEFAULT_MAX_ROUNDS, paramLabel = "N",
            description = "Sequential: rounds after which an undecided benchmark is judged by the paired test "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxRounds;

    @Option(names = "--beta", defaultValue = "" + SequentialTest.DEFAULT_BETA, paramLabel = "P",
            description = "Sequential: the miss rate aimed at for a slowdown of exactly --min-effect (default: "
                    + "${DEFAULT-VALUE}).")
    double beta;

    @Option(names = "--schedule", defaultValue = "auto", paramLabel = "SCHEDULE",
            description = "How A and B of a round run: ${COMPLETION-CANDIDATES}. duet: at the same time, each pinned "
                    + "to its own core of --duet-cpusets (swapped every round) with their iterations lined up, so that "
                    + "interference hits both (Bulej et al., ICPE 2020); alternate: one after the other, taking "
                    + "turns to go first; auto: duet with the container runner on a Docker host with those "
                    + "cores, else alternate (default: ${DEFAULT-VALUE}).")
    Schedule scheduleChoice;

    enum Schedule { auto, duet, alternate }

    @Option(names = "--duet-cpusets", split = ",", defaultValue = "0,1", paramLabel = "CPUSET",
            description = "The duet's two cpusets, one per side (default: ${DEFAULT-VALUE}).")
    List<String> duetCpusets;

    /** The sequential test with these round limits and miss rate. */
    SequentialTest test(double alpha, double minEffect) {
        return new SequentialTest(alpha, beta, minEffect, minRounds, maxRounds, SequentialTest.DEFAULT_MIN_SPREAD);
    }

    /** Duet where asked, or where auto finds a runner that pins and a Docker host with the duet's cores. */
    RoundSchedule schedule(BenchmarkRunner base) {
        Duet duet = new Duet(duetCpusets);
        boolean pins = base.inDuet(DuetSlot.probe(duetCpusets.get(0))).isPresent();
        if (scheduleChoice == Schedule.alternate) return RoundSchedule.ALTERNATE;
        if (scheduleChoice == Schedule.duet && !pins) {
            throw new BadInputException("--schedule duet pins each side to its own core, which the "
                    + base.name() + " runner cannot: run it with --runner container (Docker; see "
                    + "scripts/setup-docker.sh)");
        }
        if (scheduleChoice == Schedule.auto && (!pins || !duet.fits(ContainerRunner.dockerCpus()))) {
            return RoundSchedule.ALTERNATE;
        }
        return duet;
    }

    /**
     * The runner of one configuration: the chosen runner kind with that class path ({@code null}: this JVM's; a
     * side's class path comes from {@link AbEngineOptions}) and those JVM flags.
     */
    static BenchmarkRunner side(BenchmarkRunner base, List<Path> entries, List<String> jvmFlags) {
        if (base instanceof ContainerRunner container) {
            ContainerRunner r = container.withBenchmarkJvmFlags(jvmFlags);
            return entries == null ? r : r.withClassPath(entries);
        }
        if (entries != null) return new ClassPathRunner(entries, jvmFlags);
        return new LocalRunner(jvmFlags);
    }
}
