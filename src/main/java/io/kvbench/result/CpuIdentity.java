package io.kvbench.result;

/**
 * The processor's identity as the OS gives it, each part null where it does not say (and in results written before
 * it was recorded).
 *
 * @param cpuVendor   vendor id ("AuthenticAMD", "GenuineIntel")
 * @param cpuFamily   CPU family number
 * @param cpuModelId  CPU model number
 * @param cpuStepping stepping
 */
public record CpuIdentity(String cpuVendor, Integer cpuFamily, Integer cpuModelId, Integer cpuStepping) {

    /** Nothing recorded. */
    public static final CpuIdentity UNKNOWN = new CpuIdentity(null, null, null, null);
}
