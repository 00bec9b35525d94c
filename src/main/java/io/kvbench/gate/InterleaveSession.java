package io.kvbench.gate;

import io.kvbench.baseline.BenchmarkKey;
import io.kvbench.engine.KvEngine;
import io.kvbench.judge.ComparisonPolicy;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The settings of one interleave session: what it measures, its two sides, how a round runs them, and how B is judged
 * against A. Built by name:
 *
 * <pre>{@code InterleaveSession.builder().engines(engines).workloads(workloads).profile(profile).outDir(dir)
 *         .sides(a, b).schedule(RoundSchedule.ALTERNATE).seed(7).policy(policy).console(System.out).build()}</pre>
 *
 * @param scope    the benchmarks, their profile and where their output goes
 * @param a        the configuration judged against
 * @param b        the configuration judged
 * @param schedule   how the two sides of a round run
 * @param seed       seed of the order of the benchmarks in each round and of where the sides' placements start
 * @param policy     judges B against A
 * @param console    where progress goes
 */
public record InterleaveSession(Scope scope, Interleaving.Side a, Interleaving.Side b, RoundSchedule schedule,
                                long seed, ComparisonPolicy policy, PrintStream console) {

    /**
     * @param engines   engines to measure
     * @param workloads workloads to run on each engine
     * @param profile   sizes and iterations
     * @param outDir    where each round's results and the sides' stores go
     * @param metric    what B is judged against A on: time, or a cost recorded beside it
     * @param costs     whether B's costs per operation are also judged against A's, whatever the metric
     *                  ({@link io.kvbench.judge.PairedCostCheck}); not in a bisection, which answers for one metric
     */
    public record Scope(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir,
                        JudgedMetric metric, boolean costs) {

        /** Judged on time, and on costs. */
        public Scope(List<KvEngine> engines, List<Workload> workloads, Profile profile, Path outDir) {
            this(engines, workloads, profile, outDir, JudgedMetric.TIME, true);
        }

        public Scope {
            Objects.requireNonNull(metric, "metric");
            engines = List.copyOf(engines);
            workloads = List.copyOf(workloads);
            Objects.requireNonNull(profile, "profile");
            Objects.requireNonNull(outDir, "outDir");
        }

        /** Every (engine, workload) of the scope, engines first. */
        public List<BenchmarkKey> keys() {
            List<BenchmarkKey> keys = new ArrayList<>();
            for (KvEngine e : engines) {
                for (Workload w : workloads) keys.add(new BenchmarkKey(e.id(), w.name()));
            }
            return keys;
        }
    }

    public InterleaveSession {
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(a, "side A");
        Objects.requireNonNull(b, "side B");
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(console, "console");
    }

    public static Builder builder() {
        return new Builder();
    }

    /** The same session over other benchmarks (a confirmation of one benchmark, one round of one benchmark). */
    InterleaveSession over(List<KvEngine> engines, List<Workload> workloads) {
        return new InterleaveSession(new Scope(engines, workloads, scope.profile(), scope.outDir(), scope.metric(),
                scope.costs()), a, b, schedule, seed, policy, console);
    }

    /** Builds a session by name; every setting but the seed (default 0) is required. */
    public static final class Builder {
        private List<KvEngine> engines;
        private List<Workload> workloads;
        private Profile profile;
        private Path outDir;
        private Interleaving.Side a;
        private Interleaving.Side b;
        private RoundSchedule schedule;
        private long seed;
        private ComparisonPolicy policy;
        private PrintStream console;
        private JudgedMetric metric = JudgedMetric.TIME;
        private boolean costs = true;

        private Builder() {
        }

        public Builder engines(List<KvEngine> value) {
            engines = value;
            return this;
        }

        public Builder workloads(List<Workload> value) {
            workloads = value;
            return this;
        }

        public Builder profile(Profile value) {
            profile = value;
            return this;
        }

        public Builder outDir(Path value) {
            outDir = value;
            return this;
        }

        public Builder sides(Interleaving.Side sideA, Interleaving.Side sideB) {
            a = sideA;
            b = sideB;
            return this;
        }

        public Builder schedule(RoundSchedule value) {
            schedule = value;
            return this;
        }

        public Builder seed(long value) {
            seed = value;
            return this;
        }

        public Builder policy(ComparisonPolicy value) {
            policy = value;
            return this;
        }

        /** What B is judged on (default: time). */
        public Builder metric(JudgedMetric value) {
            metric = value;
            return this;
        }

        /** Whether B's costs per operation are also judged against A's (default: true). */
        public Builder costs(boolean value) {
            costs = value;
            return this;
        }

        public Builder console(PrintStream value) {
            console = value;
            return this;
        }

        public InterleaveSession build() {
            Objects.requireNonNull(engines, "engines");
            Objects.requireNonNull(workloads, "workloads");
            return new InterleaveSession(new Scope(engines, workloads, profile, outDir, metric, costs), a, b, schedule,
                    seed, policy, console);
        }
    }
}
