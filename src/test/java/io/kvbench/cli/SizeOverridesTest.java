package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kvbench.baseline.ResultsInput;
import io.kvbench.result.BenchmarkResult;
import io.kvbench.result.RunResults;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * --records, --forks, --iterations, --value-size and --threads: the sizes a run measures, recorded in results.json,
 * and a profile name that keeps its baselines apart from the stock profile's.
 */
class SizeOverridesTest {

    @TempDir
    Path tmp;

    @Test
    @Tag("fork")
    void aRunWithOverridesMeasuresAndRecordsThemUnderItsOwnProfileName() throws Exception {
        Path out = tmp.resolve("run");
        CliRun run = CliRun.of("run", "--runner", "local", "--profile", InterleaveCommandTest.TINY, "--engines",
                "rocksdb",
                "--workloads", "ycsb-c", "--records", "700", "--iterations", "2", "--value-size", "64", "--threads",
                        "2",
                "--out", out.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();

        RunResults results = ResultsInput.read(out);
        assertThat(results.profile()).isEqualTo("tiny+records=700+iterations=2+value-size=64+threads=2");
        BenchmarkResult r = results.results().get(0);
        assertThat(r.context().profile()).isEqualTo(results.profile());
        assertThat(r.context().parameters()).containsEntry("records", "700").containsEntry("threads", "2")
                .containsEntry("value", "RANDOM 64 B");
        assertThat(r.context().parameters().get("iterations")).contains("2 measured");
        assertThat(r.samples()).hasSize(2);

        // Recorded under its own name: a stock run's baselines are neither read nor written.
        Path baselines = tmp.resolve("baselines");
        CliRun update = CliRun.of("baseline", "update", "--results", out.toString(), "--min-runs", "1", "--baselines",
                baselines.toString());
        assertThat(update.exitCode()).as(update.err()).isZero();
        assertThat(baselines.resolve(results.profile())).isDirectory();
        assertThat(baselines.resolve("tiny")).doesNotExist();
    }

    @Test
    void profileOverridesChangeTheSizesAndTheName() {
        SizeOptions sizes = options(new SizeOptions(), "--records", "1234", "--forks", "3", "--iterations", "7");
        Profile ci = Catalog.profile("ci");
        Profile overridden = sizes.apply(ci);
        assertThat(overridden.name()).isEqualTo("ci+records=1234+forks=3+iterations=7");
        assertThat(overridden.records()).containsOnlyKeys(ci.records().keySet())
                .allSatisfy((family, n) -> assertThat(n).isEqualTo(1234));
        assertThat(overridden.forks()).isEqualTo(3);
        assertThat(overridden.operations().measurementIterations()).isEqualTo(7);
        assertThat(overridden.passes().measurementIterations()).isEqualTo(7);
        assertThat(overridden.operations().warmupIterations()).isEqualTo(ci.operations().warmupIterations());
        assertThat(overridden.gate()).isEqualTo(ci.gate());
        assertThat(new SizeOptions().apply(ci)).as("no override, the stock profile").isSameAs(ci);
        Profile warm = options(new SizeOptions(), "--warmup-iterations", "12").apply(ci);
        assertThat(warm.name()).isEqualTo("ci+warmup=12");
        assertThat(List.of(warm.passes(), warm.readPasses(), warm.operations()))
                .allSatisfy(it -> assertThat(it.warmupIterations()).isEqualTo(12));
        assertThat(warm.readPasses().measurementIterations()).isEqualTo(ci.readPasses().measurementIterations());
    }

    @Test
    void fewerRecordsWarmReadPassesUpOnAsManyReads() {
        Profile ci = Catalog.profile("ci");
        Profile small = options(new SizeOptions(), "--records", "20000").apply(ci);
        assertThat(small.readPasses().warmupIterations()).as("8 passes x 200,000 / 20,000").isEqualTo(80);
        assertThat(small.readPasses().measurementIterations()).isEqualTo(ci.readPasses().measurementIterations());
        assertThat(small.passes()).as("write passes keep theirs").isEqualTo(ci.passes());
        assertThat(small.operations()).isEqualTo(ci.operations());
        assertThat(small.name()).isEqualTo("ci+records=20000");
        assertThat(small.description()).endsWith("(overridden: records=20000; read passes warm up for 80 passes)");
        assertThat(options(new SizeOptions(), "--records", "1234").apply(ci).readPasses().warmupIterations())
                .as("rounded up").isEqualTo(1297);
        assertThat(options(new SizeOptions(), "--records", "400000").apply(ci).readPasses()).isEqualTo(ci.readPasses());
        assertThat(options(new SizeOptions(), "--records", "20", "--iterations", "3").apply(ci).readPasses())
                .isEqualTo(new Profile.Iterations(SizeOptions.MAX_ITERATIONS, 0, 3, 0));
        assertThat(options(new SizeOptions(), "--records", "20000", "--warmup-iterations", "3").apply(ci)
                .readPasses().warmupIterations()).as("--warmup-iterations decides").isEqualTo(3);

        // A profile without its own read-pass warm-up gets one; its write passes keep the profile's passes.
        Profile smoke = Catalog.profile("smoke");
        Profile smaller = options(new SizeOptions(), "--records", "1000").apply(smoke);
        assertThat(smaller.readPasses().warmupIterations()).isEqualTo(smoke.passes().warmupIterations() * 10);
        assertThat(smaller.passes()).isEqualTo(smoke.passes());
        assertThat(smaller.iterations(Catalog.workload("tc-random-read")).warmupIterations()).isEqualTo(20);
        assertThat(smaller.iterations(Catalog.workload("tc-seq-write")).warmupIterations()).isEqualTo(2);
    }

    @Test
    void workloadOverridesApplyOnlyWhereAWorkloadCanHonourThem() {
        ShapeOptions shapes = options(new ShapeOptions(), "--value-size", "32", "--threads", "4");
        List<Workload> ycsb = shapes.apply(List.of(Catalog.workload("ycsb-a"), Catalog.workload("ycsb-c")));
        assertThat(ycsb).allSatisfy(w -> {
            assertThat(w.valueBytes()).isEqualTo(32);
            assertThat(w.threads()).isEqualTo(4);
        });
        assertThat(ycsb.get(1).mix()).isEqualTo(Catalog.workload("ycsb-c").mix());
        assertThatThrownBy(() -> shapes.apply(List.of(Catalog.workload("tc-random-read"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("tc-random-read");
        ShapeOptions variable = options(new ShapeOptions(), "--value-size", "5");
        assertThatThrownBy(() -> variable.apply(List.of(Catalog.workload("ds4j-write-variable"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("variable sizes need");
    }

    private static <T> T options(T mixin, String... args) {
        CommandLine cli = new CommandLine(new Holder<>(mixin));
        cli.parseArgs(args);
        return mixin;
    }

    /** A bare command that carries one mixin, to parse its options as a command would. */
    @CommandLine.Command(name = "test")
    static final class Holder<T> {
        @CommandLine.Mixin
        final T mixin;

        Holder(T mixin) {
            this.mixin = mixin;
        }
    }
}
