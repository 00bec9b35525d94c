package io.kvbench.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.infra.MachineClassesTest;
import io.kvbench.infra.MachineClassesTest.CpuClass;
import io.kvbench.task.ContainerResources;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The cache probe fed the caches of every CPU class kvbench has run on, as kvbench's MachineClassesTest (its test jar)
 * lists them with where each fact comes from: the probe's working sets from the caches as Linux lists them, and a
 * chase heap that holds each working set. A class added there fails here until its working sets are written down.
 */
class MachineCachesTest {

    private static final long MIB = 1L << 20;

    /** The probe's working sets per class: half the L2, half the L3, twice the L3. */
    private static final Map<String, List<Long>> WORKING_SETS = Map.of(
            "amd-epyc-f25-m1-s1", List.of(256 * 1024L, 16 * MIB, 64 * MIB),
            "amd-epyc-f25-m17-s1", List.of(512 * 1024L, 16 * MIB, 64 * MIB),
            "amd-epyc-f26-m2-s1", List.of(512 * 1024L, 16 * MIB, 64 * MIB),
            "intel-xeon-f6-m167-s8", List.of(MIB, 107520L * 1024 / 2, 2 * 107520L * 1024));

    static Stream<CpuClass> classes() {
        return MachineClassesTest.classes();
    }

    @Test
    void everyClassHasItsWorkingSets() {
        assertThat(WORKING_SETS.keySet()).containsExactlyInAnyOrderElementsOf(classes().map(CpuClass::name).toList());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void theCacheProbeSizesItsWorkingSetsFromTheCaches(CpuClass cpu, @TempDir Path sysfs) throws IOException {
        assertThat(CacheSizes.of(cache(sysfs, cpu))).extracting(CacheSizes.WorkingSet::bytes)
                .containsExactlyElementsOf(WORKING_SETS.get(cpu.name()));
    }

    /**
     * The chase JVM's old generation (the serial GC's heap less its young generation, a third of the heap where no
     * -Xmn sets it) holds what the chase allocates at once: the cycle, an int per 4 bytes of the working set, and the
     * order it is built from, an int per 64-byte line. Two chases run at once within half the machine's memory.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void eachChaseHeapHoldsItsWorkingSet(CpuClass cpu, @TempDir Path sysfs) throws IOException {
        for (CacheSizes.WorkingSet set : CacheSizes.of(cache(sysfs, cpu))) {
            List<String> command = CacheProbe.chaseCommand("1", set.bytes(), 2);
            assertThat(command).contains("-XX:+UseSerialGC");
            long heap = size(command, "-Xmx", -1);
            assertThat(size(command, "-Xms", -1)).as("a fixed heap").isEqualTo(heap);
            long old = heap - size(command, "-Xmn", heap / 3);
            long lines = set.bytes() / 64;
            assertThat(old).as("%s: old generation of %s", set.label(),
                            command.stream().filter(a -> a.startsWith("-X")).toList())
                    .isGreaterThanOrEqualTo(lines * 64 + lines * 4);
            assertThat(2 * heap).as("two chases at once").isLessThanOrEqualTo(MachineClassesTest.MEM_TOTAL / 2);
        }
    }

    /** A sysfs cache directory (index0..3 with level, type and size) of the class's caches. */
    private static Path cache(Path sysfs, CpuClass cpu) throws IOException {
        Path cache = sysfs.resolve("cpu0/cache");
        for (int index = 0; index < cpu.caches().size(); index++) {
            String[] fact = cpu.caches().get(index).split(" ");
            Path dir = Files.createDirectories(cache.resolve("index" + index));
            Files.writeString(dir.resolve("level"), fact[0] + "\n");
            Files.writeString(dir.resolve("type"), fact[1] + "\n");
            Files.writeString(dir.resolve("size"), fact[2] + "\n");
        }
        return cache;
    }

    /** A JVM size flag ("-Xmx272m") in bytes, or {@code otherwise} where the command has none. */
    private static long size(List<String> command, String flag, long otherwise) {
        return command.stream().filter(a -> a.startsWith(flag)).findFirst()
                .map(a -> ContainerResources.bytes(a.substring(flag.length()))).orElse(otherwise);
    }
}
