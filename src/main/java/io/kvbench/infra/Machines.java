package io.kvbench.infra;

import com.sun.management.OperatingSystemMXBean;
import io.kvbench.result.CpuIdentity;
import io.kvbench.result.MachineInfo;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Describes the machine a benchmark JVM runs on. The machine class keys baselines and history: numbers from one class
 * are never compared with another's. It is built from what identifies a processor, not from its marketing string alone
 * (a VM may report only "AMD EPYC" for several generations), plus the cores and memory the benchmark had.
 */
public final class Machines {

    private static final long GIB = 1L << 30;

    private Machines() {
    }

    /** This JVM's view: inside a container, the cores and memory it was given. */
    public static MachineInfo current() {
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        return of(CpuInfo.read(), Runtime.getRuntime().availableProcessors(), memory, os);
    }

    /**
     * A machine from its facts: the lines of its /proc/cpuinfo (the first processor's block is read), the cores and
     * memory a benchmark has there (-1: unknown) and its OS; {@link #current()} with this JVM's.
     */
    public static MachineInfo of(List<String> cpuinfo, int cores, long memoryBytes, String os) {
        return of(CpuInfo.parse(cpuinfo), cores, memoryBytes, os);
    }

    private static MachineInfo of(CpuInfo cpu, int cores, long memoryBytes, String os) {
        MachineInfo noClass = new MachineInfo(cpu.modelName(), cores, memoryBytes, os, null, cpu.identity());
        return noClass.withLimits(cores, memoryBytes, machineClass(noClass, cores, memoryBytes));
    }

    /**
     * "amd-epyc-7763-64-core-f25-m1-s1-1c-4g": the model name made filename-safe, the CPU family, model and stepping
     * (where known), the cores and the memory rounded to whole GiB. Two runners whose VMs report the same generic model
     * name but different processors get different classes.
     */
    public static String machineClass(MachineInfo machine, int cores, long memoryBytes) {
        CpuIdentity cpu = machine.cpu();
        StringBuilder id = new StringBuilder(slug(machine.cpuModel(), cpu.cpuVendor()));
        if (cpu.cpuFamily() != null) id.append("-f").append(cpu.cpuFamily());
        if (cpu.cpuModelId() != null) id.append("-m").append(cpu.cpuModelId());
        if (cpu.cpuStepping() != null) id.append("-s").append(cpu.cpuStepping());
        id.append('-').append(cores).append('c');
        if (memoryBytes > 0) id.append('-').append(Math.max(1, Math.round((double) memoryBytes / GIB))).append('g');
        return id.toString();
    }

    /** The model name, or the vendor when the model name says nothing, made filename-safe. */
    static String slug(String cpuModel, String vendor) {
        String slug = clean(cpuModel);
        if (slug.isEmpty() && vendor != null) slug = clean(vendor.replace("AuthenticAMD", "amd")
                .replace("GenuineIntel", "intel"));
        return slug.isEmpty() ? "unknown-cpu" : slug;
    }

    private static String clean(String text) {
        if (text == null) return "";
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("\\(r\\)|\\(tm\\)|\\bcpu\\b|@.*$|\\bprocessor\\b", " ")
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("(^-+|-+$)", "");
    }

    /** The first processor in /proc/cpuinfo: its model name and identity (parts null where the OS does not say). */
    record CpuInfo(String modelName, CpuIdentity identity) {

        static CpuInfo read() {
            try {
                return parse(Files.readAllLines(Path.of("/proc/cpuinfo")));
            } catch (IOException | RuntimeException e) {
                return new CpuInfo(System.getProperty("os.arch", "unknown"), CpuIdentity.UNKNOWN); // not Linux
            }
        }

        /** Reads the first processor's block; ARM's "CPU implementer/part" are used where x86 fields are absent. */
        static CpuInfo parse(List<String> lines) {
            String name = null, vendor = null;
            Integer family = null, model = null, stepping = null;
            for (String line : lines) {
                if (line.isBlank() && name != null) break; // end of the first processor's block
                int colon = line.indexOf(':');
                if (colon < 0) continue;
                String key = line.substring(0, colon).trim();
                String value = line.substring(colon + 1).trim();
                switch (key) {
                    case "model name" -> name = value;
                    case "vendor_id", "CPU implementer" -> vendor = vendor == null ? value : vendor;
                    case "cpu family", "CPU architecture" -> family = family == null ? number(value) : family;
                    case "model", "CPU part" -> model = model == null ? number(value) : model;
                    case "stepping", "CPU revision" -> stepping = stepping == null ? number(value) : stepping;
                    default -> { }
                }
            }
            return new CpuInfo(name == null ? System.getProperty("os.arch", "unknown") : name,
                    new CpuIdentity(vendor, family, model, stepping));
        }

        private static Integer number(String value) {
            try {
                return value.startsWith("0x") ? Integer.parseInt(value.substring(2), 16) : Integer.parseInt(value);
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
