package io.kvbench.result;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * The machine a result was measured on. Absolute numbers do not transfer between machines, so baselines are keyed by
 * {@link #machineClass()}: the CPU's identity (vendor, family, model, stepping and the model name where the machine
 * gives one), the cores the benchmark could use and its memory. A generic model string ("AMD EPYC" in some VMs) alone
 * would put different processors into one class. Written as one flat object.
 *
 * @param cpuModel     the model name as the OS reports it ("AMD EPYC 7763 64-Core Processor"), possibly generic
 * @param cores        cores the benchmark JVM could use
 * @param memoryBytes  memory it could use (a container's limit), -1 when unknown
 * @param os           name, version and architecture of the OS
 * @param machineClass the key of baselines and history, see {@code Machines.machineClass}
 * @param cpu          vendor, family, model number and stepping; unknown parts null
 */
public record MachineInfo(String cpuModel, int cores, long memoryBytes, String os, String machineClass,
                          @JsonUnwrapped CpuIdentity cpu) {

    public MachineInfo {
        cpu = cpu == null ? CpuIdentity.UNKNOWN : cpu;
    }

    /** A machine whose CPU identity was not recorded (results written before it was, a merged run's summary). */
    public MachineInfo(String cpuModel, int cores, long memoryBytes, String os, String machineClass) {
        this(cpuModel, cores, memoryBytes, os, machineClass, CpuIdentity.UNKNOWN);
    }

    /** The same machine seen with other limits (a container's cores and memory), its class recomputed by the caller. */
    public MachineInfo withLimits(int cores, long memoryBytes, String machineClass) {
        return new MachineInfo(cpuModel, cores, memoryBytes, os, machineClass, cpu);
    }
}
