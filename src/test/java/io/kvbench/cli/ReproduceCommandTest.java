package io.kvbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.kvbench.engine.Engines;
import io.kvbench.report.ReproductionJson;
import io.kvbench.run.RunPlan;
import io.kvbench.task.BenchmarkTask;
import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import io.kvbench.workload.Published;
import io.kvbench.workload.Workload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `kvbench reproduce tc` end to end at a tiny size: the run, then the published tables beside it, in every output. */
class ReproduceCommandTest {

    @TempDir
    Path tmp;

    @Test
    @Tag("fork")
    void reproducesTheTokyoCabinetTablesAtAGivenSize() throws IOException {
        Path out = tmp.resolve("tc");
        // --iterations-from profile: the smoke profile's one fork, not the tables' settings (minutes of forks at 2,000)
        CliRun run = CliRun.of("reproduce", "tc", "--records", "2000", "--engines", "lmdb,chronicle-map", "--profile",
                "smoke",
                "--iterations-from", "profile", "--runner", "local", "--out", out.toString());
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("tc-seq-read: 1 fork x (2 warm-up + 5 measured passes), the profile's")
                .contains("8 measured, 0 not applicable, 0 errors")
                .contains("Xodus benchmarks: Tokyo Cabinet, Random Read (tc-random-read, s/op): published 1,000,000 "
                        + "records on Intel Core i7-3770 3.4 GHz, Windows 7, measured 2,000 records here")
                .contains("Rank agreement (Kendall's tau-b) over 2 engines: ")
                .contains("published, not measured in this run: Xodus store with key prefixing (Patricia)");
        assertThat(run.out()).containsPattern("(?m)^lmdb\\s+0\\.825\\s+1\\.49x slower\\s+");
        // The nightly profile at another size is another profile: its results never pass for smoke's.
        assertThat(io.kvbench.baseline.ResultsInput.read(out).profile()).isEqualTo("smoke+records=2000");
        assertThat(run.out()).containsPattern("(?m)^chronicle-map\\s+0\\.553\\s+1\\.00x\\s+");
        assertThat(Files.readString(out.resolve("summary.md"))).contains("### Published comparisons")
                .contains("| chronicle-map | 0.553 | 1.00x |");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Published comparisons</h2>")
                .contains("https://github.com/JetBrains/xodus/blob/master/benchmarks/readme.md");
        JsonNode reproductions = new ObjectMapper().readTree(out.resolve(ReproductionJson.FILE).toFile())
                .get("reproductions");
        assertThat(reproductions).hasSize(4).allSatisfy(table -> {
            assertThat(table.get("rows")).hasSize(2)
                    .allSatisfy(row -> assertThat(row.get("halfWidth").isNumber()).isTrue());
            assertThat(table.get("tau").has("low")).isTrue();
        });
    }

    @Test
    void eachWorkloadIsMeasuredWithItsPublishedTablesSettingsUnlessTheProfileIsAskedFor() {
        Published tc = Published.named("tc");
        Set<Workload> workloads = new LinkedHashSet<>();
        tc.tables().forEach(t -> workloads.add(Catalog.workload(t.workload())));
        Profile nightly = Catalog.profile("nightly");
        Map<String, Profile> byWorkload = byWorkload(tc, workloads, nightly, 1_000_000);
        List<Workload> all = List.copyOf(workloads);
        RunPlan plan = new RunPlan(List.of(Engines.byId("lmdb")), all, nightly, tmp, tmp, byWorkload);
        for (Published.Table table : tc.tables()) {
            Workload w = Catalog.workload(table.workload());
            BenchmarkTask task = BenchmarkTask.of("lmdb", w, plan.profileOf(w),
                    BenchmarkTask.Environment.of(Map.of(), List.of(), tmp));
            Published.Settings settings = table.settings();
            assertThat(task.forks()).as(w.name()).isEqualTo(settings.forks());
            assertThat(task.iterations().warmupIterations()).as(w.name()).isEqualTo(settings.warmupIterations());
            assertThat(task.iterations().measurementIterations()).as(w.name())
                    .isEqualTo(settings.measurementIterations());
            assertThat(task.heap()).as("the profile's heap stays").isEqualTo(nightly.heap());
        }
        assertThat(plan.profileOf(Catalog.workload("tc-seq-write")).forks()).isEqualTo(4);
        RunPlan profileOnly = new RunPlan(List.of(Engines.byId("lmdb")), all, nightly, tmp, tmp);
        assertThat(profileOnly.profileOf(Catalog.workload("tc-seq-write")).forks()).isEqualTo(nightly.forks());
    }

    @Test
    void aWorkloadPublishedAtSeveralSizesTakesTheSettingsOfTheTableNearestTheRun() {
        Published ds4j = Published.named("ds4j");
        Workload write = Catalog.workload("ds4j-write-fixed");
        Workload concurrent = Catalog.workload("ds4j-concurrent-write-12t");
        Map<String, Profile> byWorkload = byWorkload(ds4j, Set.of(write, concurrent), Catalog.profile("published"),
                1_000_000);
        assertThat(byWorkload.get(write.name()).iterations(write).measurementIterations()).isEqualTo(5);
        Profile.Iterations timed = byWorkload.get(concurrent.name()).iterations(concurrent);
        assertThat(timed.measurementIterations()).as("the 5M table's, the only one of that workload").isEqualTo(10);
        assertThat(timed.measurementSeconds()).isEqualTo(5.0);
    }

    /** What reproduce measures each workload with: its table's settings applied to the profile. */
    private static Map<String, Profile> byWorkload(Published published, Set<Workload> workloads, Profile profile,
                                                   long size) {
        Map<String, Profile> byWorkload = new HashMap<>();
        ReproduceCommand.settings(published, workloads, size).forEach((workload, settings) ->
                byWorkload.put(workload, ReproduceCommand.withSettings(profile, settings)));
        return byWorkload;
    }

    @Test
    void anUnknownComparisonOrAnEngineOutsideTheTableIsBadInput() {
        CliRun unknown = CliRun.of("reproduce", "leveldb-paper", "--runner", "local");
        assertThat(unknown.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(unknown.err()).contains("unknown published comparison 'leveldb-paper'; valid: tc");
        CliRun outside = CliRun.of("reproduce", "tc", "--engines", "rocksdb", "--runner", "local", "--out",
                tmp.resolve("x").toString());
        assertThat(outside.exitCode()).isEqualTo(ExitCode.BAD_INPUT.code());
        assertThat(outside.err()).contains("engine 'rocksdb' is not in the published tc table");
    }
}
