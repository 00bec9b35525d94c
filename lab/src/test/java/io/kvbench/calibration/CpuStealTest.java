package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Steal from /proc/stat: only the cpuset's cpus, the share between two readings, and unknown where unreadable. */
class CpuStealTest {

    @TempDir
    Path dir;

    @Test
    void theShareStolenIsTheCpusetsStealOverItsTimeBetweenReadings() throws IOException {
        Path stat = dir.resolve("stat");
        Files.writeString(stat, """
                cpu  300 0 100 600 0 0 0 40 0 0
                cpu0 100 0 50 300 0 0 0 10 0 0
                cpu1 200 0 50 300 0 0 0 30 0 0
                intr 12345
                """);
        CpuSteal.Reading before = CpuSteal.read(stat, Set.of(1));
        assertThat(before).isEqualTo(new CpuSteal.Reading(30, 580));
        Files.writeString(stat, """
                cpu  400 0 100 700 0 0 0 60 0 0
                cpu0 100 0 50 400 0 0 0 10 0 0
                cpu1 300 0 50 300 0 0 0 50 0 0
                """);
        assertThat(CpuSteal.share(before, CpuSteal.read(stat, Set.of(1)))).isEqualTo(20.0 / 120);
    }

    @Test
    void anUnreadableStatLeavesTheStealUnknown() {
        assertThat(CpuSteal.read(dir.resolve("absent"), Set.of(0))).isNull();
        assertThat(CpuSteal.share(null, new CpuSteal.Reading(1, 10))).isNaN();
    }
}
