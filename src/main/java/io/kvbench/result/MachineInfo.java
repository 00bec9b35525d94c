package io.kvbench.result;

/**
 * The machine a result was measured on. Absolute numbers do not transfer between machines, so baselines are keyed by
 * {@link #machineClass()}: CPU model and the number of cores the benchmark could use.
 */
public record MachineInfo(String cpuModel, int cores, long memoryBytes, String os, String machineClass) {
}
