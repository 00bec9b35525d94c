package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.workload.Catalog;
import io.kvbench.workload.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The committed calibration data still reads and decomposes, and the experiment's profile still loads. */
class CommittedCalibrationTest {

    private static final Path ROOT = Path.of("..", "perf-baselines", "calibration");

    @Test
    void everyCommittedRunsFileDecomposesIntoFiniteNoiseFigures() throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(ROOT)) {
            files = walk.filter(p -> p.getFileName().toString().endsWith("-runs.json")).sorted().toList();
        }
        assertThat(files).as("committed raw calibration runs under " + ROOT).isNotEmpty();
        for (Path file : files) {
            CalibrationData data = CalibrationData.read(file);
            List<NoiseAnalysis.Noise> noise = NoiseAnalysis.analyse(data.runs(), 0.01, 2, 4);
            assertThat(noise).as(file.toString()).hasSize(data.engines().size() * data.workloads().size());
            for (NoiseAnalysis.Noise n : noise) {
                assertThat(n.completeRounds()).as(file + " " + n).isGreaterThanOrEqualTo(2);
                assertThat(List.of(n.runToRun(), n.forkError(), n.neighbour(), n.drift(), n.storedBaselineMde(),
                        n.interleavedMde())).as(file + " " + n).allMatch(Double::isFinite);
                assertThat(n.interleavedRoundsFor10() == -1 || n.interleavedRoundsFor10() >= 3).as(file + " " + n)
                        .isTrue();
            }
        }
    }

    @Test
    void theSixForkExperimentProfileLoads() {
        Profile profile = Catalog.profile(ROOT.resolve("amd-epyc-f25-m17-s1-1c-4g/ci-6-forks.profile.json").toString());
        assertThat(profile.name()).isEqualTo("ci-6-forks");
        assertThat(profile.forks()).isEqualTo(6);
        // The experiment calibrated throughput; the disk rows with their own tolerance came later and are not its.
        assertThat(profile.gate()).usingRecursiveComparison().ignoringFields("measured", "rows.diskRows")
                .isEqualTo(Catalog.profile("ci").gate());
    }
}
