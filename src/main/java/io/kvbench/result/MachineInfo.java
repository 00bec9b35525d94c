package io.kvbench.result;

/**
 * The machine a result was measured on. Absolute numbers do not transfer between machines, so baselines are keyed by
 * {@link #machineClass()}: the CPU's identity (vendor, family, model, stepping and the model name where the machine
 * gives one), the cores the benchmark could use and its memory. A generic model string ("AMD EPYC" in some VMs) alone
 * would put different processors into one class.
 *
 * @param cpuModel     the model name as the OS reports it ("AMD EPYC 7763 64-Core Processor"), possibly generic
 * @param cores        cores the benchmark JVM could use
 * @param memoryBytes  memory it could use (a container's limit), -1 when unknown
 * @param os           name, version and architecture of the OS
 * @param machineClass the key of baselines and history, see {@code Machines.machineClass}
 * @param cpuVendor    vendor id ("AuthenticAMD", "GenuineIntel"); null where the OS does not say (older results)
 * @param cpuFamily    CPU family number; null when unknown
 * @param cpuModelId   CPU model number; null when unknown
 * @param cpuStepping  stepping; null when unknown
 */
public record MachineInfo(String cpuModel, int cores, long memoryBytes, String os, String machineClass,
                          String cpuVendor, Integer cpuFamily, Integer cpuModelId, Integer cpuStepping) {

    /** A machine whose CPU identity was not recorded (results written before it was). */
    public MachineInfo(String cpuModel, int cores, long memoryBytes, String os, String machineClass) {
        this(cpuModel, cores, memoryBytes, os, machineClass, null, null, null, null);
    }

    /** The same machine seen with other limits (a container's cores and memory), its class recomputed by the caller. */
    public MachineInfo withLimits(int cores, long memoryBytes, String machineClass) {
        return new MachineInfo(cpuModel, cores, memoryBytes, os, machineClass, cpuVendor, cpuFamily, cpuModelId, cpuStepping);
    }
}
