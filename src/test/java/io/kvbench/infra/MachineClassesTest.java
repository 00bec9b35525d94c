package io.kvbench.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.gate.Duet;
import io.kvbench.task.ContainerResources;
import io.kvbench.workload.Catalog;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The code that depends on the machine's facts, fed the facts of every CPU class kvbench has run on (issue 43): the
 * machine class each gets, and the cpusets of the duet and the one-core container on its cores. The lab's
 * MachineCachesTest (lab/) feeds the caches of the same classes, read from {@link #classes()}, to the cache probe.
 * Each class is a 2-vCPU KVM guest with 24 GiB. Where each fact comes from:
 * <ul>
 * <li>amd-epyc-f25-m1-s1 (Zen 3): L2 512 KiB, L3 32 MiB from docs/results/2026-11-27-ab-second-class.md; L1 32 KiB
 * each is AMD's figure for Zen 3, not recorded on that guest.</li>
 * <li>amd-epyc-f25-m17-s1 (Zen 4): the cpuinfo as MachinesTest has it; L3 32 MiB from the shared environment notes
 * (2026-11-28: the AMD classes seen have a 32 MiB L3); L2 1 MiB and L1 32 KiB are AMD's figures for Zen 4, not
 * recorded on that guest.</li>
 * <li>amd-epyc-f26-m2-s1 (Zen 5): read on that guest (/proc/cpuinfo, /sys/devices/system/cpu/cpu0/cache, MemTotal
 * 24684092 kB, 2026-11-28); L2 1 MiB and L3 32 MiB also in docs/results/2026-11-26-ab-noise-sources.md.</li>
 * <li>intel-xeon-f6-m167-s8: family, model, stepping, L1d 48 KiB, L2 2 MiB and L3 107520K from the shared environment
 * notes (2026-11-28). Its model name is not recorded: a generic KVM one, which the class kvbench gave it
 * ("intel-xeon-f6-m167-s8-...") implies; L1i 32 KiB is assumed.</li>
 * </ul>
 * Every class gets the f26 m2 guest's MemTotal: what Linux shows of 24 GiB.
 */
public class MachineClassesTest {

    /** Every class's MemTotal. */
    public static final long MEM_TOTAL = 24684092L << 10;
    private static final int CORES = 2;

    /**
     * One CPU class: the start of the class kvbench gives it, its /proc/cpuinfo (first processor), its caches as
     * "level type size" per sysfs index, and the committed baselines of its smoke profile (null where none are
     * recorded).
     */
    public record CpuClass(String name, List<String> cpuinfo, List<String> caches, String smokeBaselines) {

        @Override
        public String toString() {
            return name;
        }
    }

    public static Stream<CpuClass> classes() {
        return Stream.of(
                new CpuClass("amd-epyc-f25-m1-s1", cpuinfo("AuthenticAMD", 25, 1, 1, "AMD EPYC"),
                        List.of("1 Data 32K", "1 Instruction 32K", "2 Unified 512K", "3 Unified 32768K"),
                        "perf-baselines/smoke/amd-epyc-f25-m1-s1-1c-3g"),
                new CpuClass("amd-epyc-f25-m17-s1", cpuinfo("AuthenticAMD", 25, 17, 1, "AMD EPYC"),
                        List.of("1 Data 32K", "1 Instruction 32K", "2 Unified 1024K", "3 Unified 32768K"),
                        "perf-baselines/smoke/amd-epyc-f25-m17-s1-1c-3g"),
                new CpuClass("amd-epyc-f26-m2-s1", cpuinfo("AuthenticAMD", 26, 2, 1, "AMD EPYC"),
                        List.of("1 Data 48K", "1 Instruction 32K", "2 Unified 1024K", "3 Unified 32768K"),
                        "perf-baselines/smoke/amd-epyc-f26-m2-s1-1c-3g"),
                new CpuClass("intel-xeon-f6-m167-s8",
                        cpuinfo("GenuineIntel", 6, 167, 8, "Intel(R) Xeon(R) CPU @ 2.60GHz"),
                        List.of("1 Data 48K", "1 Instruction 32K", "2 Unified 2048K", "3 Unified 107520K"), null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("classes")
    void theMachineClassNamesTheProcessorItsCoresAndItsMemory(CpuClass cpu) {
        assertThat(Machines.of(cpu.cpuinfo(), CORES, MEM_TOTAL, "Linux").machineClass())
                .isEqualTo(cpu.name() + "-2c-24g");
        // The benchmark container's view: one core and the one-core profile's memory for the profile's heap.
        ContainerResources oneCore = ContainerResources.load("one-core");
        String smoke = Machines.of(cpu.cpuinfo(), 1, oneCore.memoryBytes(Catalog.profile("smoke").heap()), "Linux")
                .machineClass();
        assertThat(smoke).isEqualTo(cpu.name() + "-1c-3g");
        assertThat(Machines.of(cpu.cpuinfo(), 1, oneCore.memoryBytes(Catalog.profile("ci").heap()), "Linux")
                .machineClass()).isEqualTo(cpu.name() + "-1c-4g");
        if (cpu.smokeBaselines() != null) {
            assertThat(Path.of(cpu.smokeBaselines())).as("the class its baselines were recorded under").isDirectory()
                    .hasFileName(smoke);
        }
        // Its cores: the duet's default cpusets, and the one-core container's core beside the host's.
        assertThat(new Duet(List.of("0", "1")).fits(CORES)).isTrue();
        assertThat(oneCore.cpusetFor(CORES)).isEqualTo("1");
    }

    private static List<String> cpuinfo(String vendor, int family, int model, int stepping, String modelName) {
        return List.of("processor\t: 0", "vendor_id\t: " + vendor, "cpu family\t: " + family, "model\t\t: " + model,
                "model name\t: " + modelName, "stepping\t: " + stepping, "", "processor\t: 1",
                "vendor_id\t: " + vendor);
    }
}
