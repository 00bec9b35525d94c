package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe's working sets from the cache sizes Linux reports, and what it does where it reports none. */
class CacheSizesTest {

    @TempDir
    Path cache;

    @Test
    void halfTheL2AndHalfTheLastLevel() throws IOException {
        index(0, 1, "Data", "48K");
        index(1, 1, "Instruction", "32K");
        index(2, 2, "Unified", "1024K");
        index(3, 3, "Unified", "32768K");
        assertThat(CacheSizes.of(cache)).containsExactly(
                new CacheSizes.WorkingSet(512 << 10, "half of L2 (1.0 MiB)"),
                new CacheSizes.WorkingSet(16 << 20, "half of L3 (32.0 MiB)"),
                new CacheSizes.WorkingSet(64 << 20, "beyond L3: memory"));
    }

    @Test
    void withoutALastLevelCacheTheFallbackSaysSo() throws IOException {
        index(0, 1, "Data", "48K");
        index(1, 2, "Unified", "1024K");
        assertThat(CacheSizes.of(cache)).extracting(CacheSizes.WorkingSet::bytes)
                .containsExactly(CacheSizes.FALLBACK_PRIVATE, CacheSizes.FALLBACK_SHARED, CacheSizes.FALLBACK_MEMORY);
        assertThat(CacheSizes.of(cache.resolve("absent"))).allSatisfy(set ->
                assertThat(set.label()).isEqualTo("cache sizes unknown"));
    }

    @Test
    void sizesAndCpuLists() {
        assertThat(CacheSizes.bytes("2048K")).isEqualTo(2 << 20);
        assertThat(CacheSizes.bytes("32M")).isEqualTo(32 << 20);
        assertThat(CacheSizes.bytes("4096")).isEqualTo(4096);
        assertThat(CacheSizes.firstCpu("2-3")).isEqualTo(2);
        assertThat(CacheSizes.firstCpu("4,6")).isEqualTo(4);
        assertThatThrownBy(() -> CacheSizes.firstCpu("all")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--duet-cpusets all");
    }

    private void index(int index, int level, String type, String size) throws IOException {
        Path dir = Files.createDirectories(cache.resolve("index" + index));
        Files.writeString(dir.resolve("level"), level + "\n");
        Files.writeString(dir.resolve("type"), type + "\n");
        Files.writeString(dir.resolve("size"), size + "\n");
    }
}
