package io.kvbench.runner;

import io.kvbench.result.MachineInfo;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Describes the machine a benchmark JVM runs on. The machine class (CPU model + usable cores) keys baselines: numbers
 * from one class are never compared with another's.
 */
public final class Machines {

    private Machines() {
    }

    /** This JVM's view: inside a container, the cores and memory it was given. */
    public static MachineInfo current() {
        String cpu = cpuModel();
        int cores = Runtime.getRuntime().availableProcessors();
        long memory = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize() : -1;
        String os = System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
        return new MachineInfo(cpu, cores, memory, os, machineClass(cpu, cores));
    }

    /** "intel-xeon-gold-6338-2c": CPU model made filename-safe, plus the core count. */
    public static String machineClass(String cpuModel, int cores) {
        String slug = cpuModel.toLowerCase(Locale.ROOT)
                .replaceAll("\\(r\\)|\\(tm\\)|\\bcpu\\b|@.*$|\\bprocessor\\b", " ")
                .replaceAll("[^a-z0-9]+", "-")
                .replaceAll("(^-+|-+$)", "");
        return (slug.isEmpty() ? "unknown-cpu" : slug) + "-" + cores + "c";
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) return line.substring(line.indexOf(':') + 1).trim();
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: fall through
        }
        return System.getProperty("os.arch", "unknown");
    }
}
