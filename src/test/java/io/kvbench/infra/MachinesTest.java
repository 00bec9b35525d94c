package io.kvbench.infra;

import static org.assertj.core.api.Assertions.assertThat;

import io.kvbench.result.CpuIdentity;
import io.kvbench.result.MachineInfo;
import java.util.List;
import org.junit.jupiter.api.Test;

class MachinesTest {

    private static final long GIB = 1L << 30;

    /** Two hosted-runner processors and this project's VM, as /proc/cpuinfo shows them. */
    private static final List<String> EPYC_7763 = List.of("processor\t: 0", "vendor_id\t: AuthenticAMD",
            "cpu family\t: 25",
            "model\t\t: 1", "model name\t: AMD EPYC 7763 64-Core Processor", "stepping\t: 1", "", "processor\t: 1",
            "vendor_id\t: GenuineIntel", "cpu family\t: 6");
    private static final List<String> GENERIC_EPYC = List.of("processor\t: 0", "vendor_id\t: AuthenticAMD",
            "cpu family\t: 25", "model\t\t: 17", "model name\t: AMD EPYC", "stepping\t: 1", "microcode\t: 0x1000065");
    private static final List<String> ARM = List.of("processor\t: 0", "BogoMIPS\t: 50.00", "CPU implementer\t: 0x41",
            "CPU architecture: 8", "CPU variant\t: 0x3", "CPU part\t: 0xd0c", "CPU revision\t: 1");

    @Test
    void classNamesTheProcessorNotOnlyItsMarketingString() {
        assertThat(classOf(EPYC_7763, 2, 7 * GIB)).isEqualTo("amd-epyc-7763-64-core-f25-m1-s1-2c-7g");
        assertThat(classOf(GENERIC_EPYC, 1, 3584L << 20)).isEqualTo("amd-epyc-f25-m17-s1-1c-4g");
        // Same generic name, another generation: another class.
        List<String> otherGeneration = GENERIC_EPYC.stream().map(l -> l.startsWith("model\t") ? "model\t\t: 1" : l)
                .toList();
        assertThat(classOf(otherGeneration, 1, 3584L << 20)).isNotEqualTo(classOf(GENERIC_EPYC, 1, 3584L << 20));
    }

    @Test
    void coresAndMemoryArePartOfTheClass() {
        assertThat(classOf(GENERIC_EPYC, 2, 24 * GIB)).isEqualTo("amd-epyc-f25-m17-s1-2c-24g");
        assertThat(classOf(GENERIC_EPYC, 1, 3 * GIB)).isNotEqualTo(classOf(GENERIC_EPYC, 1, 4 * GIB));
        assertThat(classOf(GENERIC_EPYC, 1, -1)).isEqualTo("amd-epyc-f25-m17-s1-1c");
    }

    @Test
    void armAndUnknownProcessorsStillGetAFilenameSafeClass() {
        // No model name on ARM: the architecture names it, the implementer's part and revision tell processors apart.
        assertThat(classOf(ARM, 4, 16 * GIB)).endsWith("-f8-m3340-s1-4c-16g").matches("[a-z0-9-]+");
        MachineInfo nothing = new MachineInfo("", 4, -1, "os", null);
        assertThat(Machines.machineClass(nothing, 4, -1)).isEqualTo("unknown-cpu-4c");
        MachineInfo intel = new MachineInfo("Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz", 2, 8 * GIB, "os", null,
                new CpuIdentity("GenuineIntel", 6, 106, 6));
        assertThat(Machines.machineClass(intel, 2, 8 * GIB)).isEqualTo("intel-xeon-gold-6338-f6-m106-s6-2c-8g")
                .matches("[a-z0-9-]+");
    }

    @Test
    void thisMachineHasAClassWithItsCoresAndMemory() {
        MachineInfo here = Machines.current();
        assertThat(here.machineClass()).matches("[a-z0-9-]+").contains("-" + here.cores() + "c");
    }

    private static String classOf(List<String> cpuinfo, int cores, long memory) {
        Machines.CpuInfo cpu = Machines.CpuInfo.parse(cpuinfo);
        MachineInfo m = new MachineInfo(cpu.modelName(), cores, memory, "Linux", null, cpu.identity());
        return Machines.machineClass(m, cores, memory);
    }
}
