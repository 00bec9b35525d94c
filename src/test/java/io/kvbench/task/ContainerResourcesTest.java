package io.kvbench.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resource profiles are data: the shipped one, files, and bad input that names what is wrong. */
class ContainerResourcesTest {

    @TempDir
    Path tmp;

    @Test
    void oneCorePrefersCoreOneAndFallsBackToCoreZero() {
        ContainerResources p = ContainerResources.load("one-core");
        assertThat(p.cpusetFor(2)).isEqualTo("1");
        assertThat(p.cpusetFor(16)).isEqualTo("1");
        assertThat(p.cpusetFor(1)).isEqualTo("0");
        assertThat(p.benchmarkJvmFlags()).containsExactly("-XX:+UseSerialGC", "-XX:ActiveProcessorCount=1");
    }

    @Test
    void memoryIsAbsoluteOrHeapPlusHeadroom() {
        ContainerResources p = ContainerResources.load("one-core");
        assertThat(ContainerResources.size(p.memoryBytes("512m"))).isEqualTo("3g");
        assertThat(ContainerResources.size(p.memoryBytes("6g"))).isEqualTo("8704m");
        ContainerResources fixed = new ContainerResources("x", null, java.util.List.of("0"), "3g", "G1GC", null);
        assertThat(fixed.memoryBytes("6g")).isEqualTo(3L << 30);
    }

    @Test
    void cpusetsParseLikeDockerWritesThem() {
        assertThat(ContainerResources.cpus("0-3")).containsExactly(0, 1, 2, 3);
        assertThat(ContainerResources.cpus("0,2-3")).containsExactly(0, 2, 3);
        assertThatThrownBy(() -> ContainerResources.cpus("1-")).hasMessageContaining("cpuset must look like");
        ContainerResources wide = new ContainerResources("wide", null, java.util.List.of("2-3"), "3g", "SerialGC",
                null);
        assertThatThrownBy(() -> wide.cpusetFor(2))
                .hasMessageContaining("none of the cpusets [2-3] fits a Docker host with 2 CPUs");
    }

    @Test
    void aFileOfTheSameShapeLoads() throws Exception {
        Path file = Files.writeString(tmp.resolve("two.json"),
                "{\"name\": \"two-cores\", \"cpusets\": [\"0-1\"], \"memory\": \"8g\", \"gc\": \"ParallelGC\"}");
        ContainerResources p = ContainerResources.load(file.toString());
        assertThat(p.name()).isEqualTo("two-cores");
        assertThat(p.benchmarkJvmFlags()).containsExactly("-XX:+UseParallelGC");
    }

    @Test
    void badInputNamesTheProblem() throws Exception {
        assertThatThrownBy(() -> ContainerResources.load("eight-cores"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown resource profile 'eight-cores'")
                .hasMessageContaining("one-core");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"CMS\"}",
                "gc must be one of");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"lots\", \"gc\": \"SerialGC\"}",
                "memory must look like");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"SerialGC\", "
                + "\"jvmFlags\": [\"-Xmx1g\"]}",
                "the heap comes from the benchmark profile");
        assertMalformed("{\"name\": \"x\", \"cpusets\": [\"0\"], \"memory\": \"3g\", \"gc\": \"SerialGC\", \"cpu\": 1}",
                "cpu");
    }

    private void assertMalformed(String json, String expected) throws Exception {
        Path file = Files.writeString(Files.createTempFile(tmp, "bad", ".json"), json);
        assertThatThrownBy(() -> ContainerResources.load(file.toString()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file.toString())
                .hasMessageContaining(expected);
    }
}
