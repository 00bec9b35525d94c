package io.kvbench.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resource profiles are data: the shipped one, files, and bad input that names what is wrong. */
class ResourceProfileTest {

    @TempDir
    Path tmp;

    @Test
    void oneCorePrefersCoreOneAndFallsBackToCoreZero() {
        ResourceProfile p = ResourceProfile.load("one-core");
        assertThat(p.cpusetFor(2)).isEqualTo("1");
        assertThat(p.cpusetFor(16)).isEqualTo("1");
        assertThat(p.cpusetFor(1)).isEqualTo("0");
        assertThat(p.benchmarkJvmFlags()).containsExactly("-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1");
    }

    @Test
    void memoryIsAbsoluteOrHeapPlusHeadroom() {
        ResourceProfile p = ResourceProfile.load("one-core");
        assertThat(ResourceProfile.size(p.memoryBytes("512m"))).isEqualTo("3g");
        assertThat(ResourceProfile.size(p.memoryBytes("6g"))).isEqualTo("8704m");
        ResourceProfile fixed = new ResourceProfile("x", null, java.util.List.of("0"), "3g", "G1GC", null);
        assertThat(fixed.memoryBytes("6g")).isEqualTo(3L << 30);
    }

    @Test
    void cpusetsParseLikeDockerWritesThem() {
        assertThat(ResourceProfile.cpus("0-3")).containsExactly(0, 1, 2, 3);
        assertThat(ResourceProfile.cpus("0,2-3")).containsExactly(0, 2, 3);
        assertThatThrownBy(() -> ResourceProfile.cpus("1-")).hasMessageContaining("cpuset must look like");
        ResourceProfile wide = new ResourceProfile("wide", null, java.util.List.of("2-3"), "3g", "SerialGC", null);
        assertThatThrownBy(() -> wide.cpusetFor(2)).hasMessageContaining("none of the cpusets [2-3] fits a Docker host with 2 CPUs");
    }

    @Test
    void aFileOfTheSameShapeLoads() throws Exception {
        Path file = Files.writeString(tmp.resolve("two.json"),
                "{\"name\": \"two-cores\", \"cpusets\": [\"0-1\"], \"memory\": \"8g\", \"gc\": \"ParallelGC\"}");
        ResourceProfile p = ResourceProfile.load(file.toString());
        assertThat(p.name()).isEqualTo("two-cores");
        assertThat(p.benchmarkJvmFlags()).containsExactly("-XX:+UseParallelGC");
    }

    @Test
    void badInputNamesTheProblem() throws Exception {
        assertThatThrownBy(() -> ResourceProfile.load("eight-cores"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown resource profile 'eight-cores'")
                .hasMessageContaining("one-core");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"CMS\"}", "gc must be one of");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"lots\", \"gc\": \"SerialGC\"}", "memory must look like");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"SerialGC\", \"jvmFlags\": [\"-Xmx1g\"]}",
                "the heap comes from the benchmark profile");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"SerialGC\", \"cpu\": 1}", "cpu");
    }

    private void assertMalformed(String json, String expected) throws Exception {
        Path file = Files.writeString(Files.createTempFile(tmp, "bad", ".json"), json);
        assertThatThrownBy(() -> ResourceProfile.load(file.toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.toString()).hasMessageContaining(expected);
    }
}
